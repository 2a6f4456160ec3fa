// The card table in the browser: the entry module. It wires the server's
// messages (net.js) to what the page knows (state.js) and draws the page
// for the address: the lobby (#), a table (#table=ID) or a replay
// (#replay=ID[/GAME]). Plain ES modules, no build step, nothing fetched
// from elsewhere; text from the server or other players goes into the page
// as text, never as HTML.
import { el } from './dom.js';
import { S, onRender, render, routeTable, routeReplay } from './state.js';
import { T, getLang, setLang } from './i18n.js';
import { connect, send, on, onConnect, onConnection, tokenKey } from './net.js';
import { renderLobby, createRefused } from './lobby.js';
import { renderTable } from './table.js';
import { addEvents } from './log.js';
import { renderRules } from './rules.js';
import { renderReplay, onReplay, openReplay, replayKey } from './replay.js';
import { afterState, offTable } from './turn.js';
import { fourColour, setFourColour } from './cards.js';
import { watchMsg } from './chat.js'; // and the chat's messages (chat, chat_history)
import { undock, onPhoneChange } from './phone.js';
import { afterRender } from './motion.js';

let pendingJoin = false;

on('games', (m) => { S.games = m.games; S.publicUrl = m.public_url || null; render(); });
// The lobby, and the invitation page (a table not sat at yet), show the list.
on('tables', (m) => { S.tables = m.tables; if (routeTable() === null || !S.last) render(); });
on('created', (m) => {
  pendingJoin = true;
  location.hash = '#table=' + m.table.id;
  send({ type: 'join', table: m.table.id, name: S.name || 'player', lang: getLang() });
});
on('joined', (m) => {
  pendingJoin = false;
  if (m.token) localStorage.setItem(tokenKey(m.table), m.token);
  S.watching = false;
});
on('state', (m) => {
  if (!S.last || S.last.table.id !== m.table.id || S.last.table.game_no !== m.table.game_no) S.log = [];
  S.last = m;
  S.armed = null;
  if (!m.legal) S.picked = [];
  S.error = '';
  afterState(m);
  if (m.move) addEvents(S.log, m.move, m.events);
  else if (m.status && !S.log.length) send({ type: 'history', last: 200 }); // joined, resumed, watching: the log so far
  render();
});
on('history', (m) => {
  S.log = [];
  for (const mv of m.moves) addEvents(S.log, mv.move, mv.events);
  render();
});
on('record', (m) => {
  const blob = new Blob([JSON.stringify(m.record, null, 1)], { type: 'application/json' });
  const a = el('a', { href: URL.createObjectURL(blob), download: 'cardhall-' + m.table + '-' + m.game_no + '.json' });
  document.body.append(a);
  a.click();
  a.remove();
});
on('rules', (m) => { S.rules = m; render(); });
on('replay', onReplay);
on('replaced', () => { S.error = ''; });
// After Leave: the computer plays the seat; the lobby, from which the
// table's link (the token is kept) brings the person back.
on('left', () => { S.last = null; offTable(); location.hash = '#'; });
on('error', (m) => {
  // A refused table: the reason goes on the option it names (lobby.js).
  if (m.for === 'create' && routeTable() === null && createRefused(m.error)) { render(); return; }
  S.error = m.error + (m.reason ? ' — ' + m.reason : '');
  if (m.for === 'resume') localStorage.removeItem(tokenKey(routeTable()));
  render();
});

function enterRoute() {
  S.error = '';
  S.picked = [];
  S.armed = null;
  // Off the table's page the connection is away from its seat (the others
  // are not left waiting for it); the lobby offers the way back.
  if (routeReplay()) { send({ type: 'away' }); openReplay(); render(); return; }
  const id = routeTable();
  if (id === null) { S.last = null; S.log = []; send({ type: 'away' }); render(); send({ type: 'list' }); return; }
  const token = localStorage.getItem(tokenKey(id));
  if (token) send({ type: 'resume', table: id, token, lang: getLang() });
  else if (S.watching) send(watchMsg(id, getLang()));
  else if (!pendingJoin) { S.last = null; send({ type: 'list' }); }
  render();
}

onConnect(() => { send({ type: 'games' }); send({ type: 'list' }); enterRoute(); });
// The connection's last word (connecting, connected, retry), kept so that a
// language switch re-words it rather than blanking it.
let connState = 'connecting';
const showConn = () => { document.getElementById('status').textContent = T(connState); };
onConnection((s) => { connState = s; showConn(); });
window.addEventListener('hashchange', () => { S.watching = false; enterRoute(); });

onRender(() => {
  const main = document.getElementById('main');
  const focused = document.activeElement && document.activeElement.id;
  main.textContent = '';
  undock();
  document.documentElement.lang = getLang();
  document.getElementById('lang').textContent = getLang() === 'ja' ? 'English' : '日本語';
  document.getElementById('home').textContent = 'cardhall';
  showFourColour();
  if (S.error) main.append(el('p', { class: 'error', role: 'alert', text: S.error }));
  if (routeTable() === null) offTable();
  if (routeReplay()) renderReplay(main);
  else if (routeTable() === null) renderLobby(main);
  else renderTable(main);
  const d = renderRules();
  if (d) main.append(d);
  // Keep the keyboard where it was across redraws.
  if (focused) { const f = document.getElementById(focused); if (f) f.focus(); }
  afterRender(); // cards that moved since the last state travel (motion.js)
});

// Keyboard: digits play the n-th move; arrows step a replay; ? opens the rules.
document.addEventListener('keydown', (e) => {
  if (['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (replayKey(e)) { e.preventDefault(); return; }
  if (e.key === '?') { const b = document.getElementById('rules-btn') || document.getElementById('lobby-rules'); if (b) b.click(); return; }
  const n = Number(e.key);
  if (n >= 1 && n <= 9) {
    const b = document.querySelectorAll('.moves button')[n - 1];
    if (b) b.click();
  }
});

document.getElementById('lang').addEventListener('click', () => {
  setLang(getLang() === 'ja' ? 'en' : 'ja');
  S.log = [];
  showConn();
  // The server words moves and events in the connection's language: ask again.
  const id = routeTable();
  if (routeReplay()) openReplay();
  else if (id !== null) {
    const token = localStorage.getItem(tokenKey(id));
    if (token) send({ type: 'resume', table: id, token, lang: getLang() });
    else if (S.watching) send(watchMsg(id, getLang()));
  }
  if (S.rules) send(S.rules.table !== undefined ? { type: 'rules', table: S.rules.table, lang: getLang() } : { type: 'rules', game: S.rules.game, lang: getLang() });
  render();
});

// The four-colour deck: this person's display setting (cards.js), for
// the French-suited games; a toggle in the header, kept in localStorage.
const FOUR_WORDS = { en: ['Four-colour deck', '4 colours'], ja: ['4色のトランプ', '4色'] };
function showFourColour() {
  const b = document.getElementById('four-colour');
  const [long, short] = FOUR_WORDS[getLang()] || FOUR_WORDS.en;
  b.textContent = short;
  b.title = long;
  b.setAttribute('aria-label', long);
  b.setAttribute('aria-pressed', fourColour() ? 'true' : 'false');
}
document.getElementById('four-colour').addEventListener('click', () => { setFourColour(!fourColour()); render(); });

onPhoneChange(() => render());

setLang(getLang());
render();
connect();
