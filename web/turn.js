// Whose time, and telling a person it is their turn (issue 25): the turn
// clocks counting down in the seats bar, who is away and since when, the
// tab title ("● Your turn — cardhall"), a short sound made in the page
// (WebAudio, nothing fetched) and a system notification if the person
// allows them.
import { el } from './dom.js';
import { S } from './state.js';
import { T, getLang } from './i18n.js';

const P = {
  at: 0,           // performance.now() when the last state came
  awaySince: {},   // seat -> Date (ms) the person went away
  wasMine: false,
  sound: localStorage.getItem('cardhall.sound') === '1',
  notify: localStorage.getItem('cardhall.notify') === '1',
};

export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  return (h ? h + ':' + String(m).padStart(2, '0') : String(m)) + ':' + String(r).padStart(2, '0');
}

// What seat has left now, by the last state's clock.
function leftNow(m, seat) {
  const c = m.clock;
  if (!c) return null;
  const left = c.left_ms[seat];
  return c.running === seat ? left - (performance.now() - P.at) : left;
}

export function clockOf(m, seat) {
  if (!m.clock || m.table.status !== 'running' || m.table.seats[seat].kind !== 'person') return null;
  const ms = leftNow(m, seat);
  const running = m.clock.running === seat;
  return el('span', { class: 'clock' + (running ? ' running' : '') + (ms < 10000 ? ' low' : ''), 'data-clock-seat': String(seat),
    role: 'timer', 'aria-label': T('timeLeft') + ' ' + clockText(ms), text: clockText(ms) });
}

export function awayOf(m, seat) {
  const since = P.awaySince[seat];
  if (since === undefined) return null;
  const a = (m.away || []).find((x) => x.seat === seat);
  const time = new Date(since).toLocaleTimeString(getLang() === 'ja' ? 'ja-JP' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
  return el('span', { class: 'muted away-since', 'data-away-seat': String(seat),
    text: ' · ' + (a && a.left ? T('leftAt') : T('awaySince')).replace('{t}', time) });
}

function beep() {
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    const o = ctx.createOscillator(), g = ctx.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.0001, ctx.currentTime);
    g.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.25);
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.3);
    o.onended = () => ctx.close();
  } catch { /* no audio: the title still says it */ }
}

// Every state: stamp the clocks, note who is away since when, and tell the
// person when their turn begins.
export function afterState(m) {
  P.at = performance.now();
  const now = Date.now();
  const away = {};
  for (const a of m.away || []) away[a.seat] = P.awaySince[a.seat] !== undefined ? P.awaySince[a.seat] : now - a.away_ms;
  P.awaySince = away;
  const mine = !!(m.legal && m.legal.length);
  document.title = mine ? '● ' + T('yourTurn') + ' — cardhall' : 'cardhall';
  if (mine && !P.wasMine) {
    if (P.sound) beep();
    if (P.notify && document.hidden && 'Notification' in window && Notification.permission === 'granted') {
      try { new Notification('cardhall', { body: T('yourTurn'), tag: 'cardhall-turn' }); } catch { /* not allowed here */ }
    }
  }
  P.wasMine = mine;
}

// Off the table (the lobby, a replay): the title is the page's own.
export function offTable() { P.wasMine = false; document.title = 'cardhall'; }

// The sound and notification switches, in the table's head.
export function turnControls() {
  const sound = el('input', { type: 'checkbox', id: 'sound-toggle' });
  sound.checked = P.sound;
  sound.addEventListener('change', () => {
    P.sound = sound.checked;
    localStorage.setItem('cardhall.sound', P.sound ? '1' : '0');
    if (P.sound) beep(); // a sample, and browsers let a page play sound after a click
  });
  const notify = el('input', { type: 'checkbox', id: 'notify-toggle' });
  notify.checked = P.notify && 'Notification' in window && Notification.permission === 'granted';
  notify.addEventListener('change', async () => {
    // The answer is awaited; the table may be drawn again meanwhile, so the
    // setting changes only once it is known (never "off" in between) and
    // the switch on the page now, whichever it is, shows it.
    const want = notify.checked && 'Notification' in window;
    const on = want && (await Notification.requestPermission()) === 'granted';
    P.notify = on;
    localStorage.setItem('cardhall.notify', on ? '1' : '0');
    notify.checked = on;
    const shown = document.getElementById('notify-toggle');
    if (shown) shown.checked = on;
  });
  return el('div', { class: 'turn-controls' },
    el('label', { for: 'sound-toggle' }, sound, ' ' + T('sound')),
    'Notification' in window ? el('label', { for: 'notify-toggle' }, notify, ' ' + T('notify')) : null);
}

// The running clock counts down without a redraw of the page.
setInterval(() => {
  const m = S.last;
  if (!m || !m.clock || m.clock.running === null || m.clock.running === undefined) return;
  const seat = m.clock.running;
  const e = document.querySelector(`[data-clock-seat="${seat}"]`);
  if (!e) return;
  const ms = leftNow(m, seat);
  e.textContent = clockText(ms);
  e.setAttribute('aria-label', T('timeLeft') + ' ' + clockText(ms));
  e.classList.toggle('low', ms < 10000);
}, 250);
