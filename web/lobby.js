// The lobby: a new table (game, options with the ranges `list` gives, seats
// as people or computer players), the tables to join or watch, and the
// finished games to replay.
import { el } from './dom.js';
import { S, render } from './state.js';
import { T, getLang, botName, gameTitle } from './i18n.js';
import { send, tokenKey } from './net.js';
import { boardFor } from './boards/index.js';
import { handPauseRow } from './handend.js';

// The lobby words of a game in the page language: the server speaks
// English; a board module carries the Japanese.
function lobbyJa(g) { const b = boardFor(g.name); return (getLang() === 'ja' && b && b.lobby && b.lobby.ja) || {}; }
export function summaryOf(g) { return lobbyJa(g).summary || g.summary; }
function helpOf(g, o) { return (lobbyJa(g).options || {})[o.key] || o.help; }
function choiceOf(g, v) { return (lobbyJa(g).choices || {})[v] || v; }
function labelOf(g, o) { return (lobbyJa(g).labels || {})[o.key] || o.key.replace(/_/g, ' '); }

// The word an int option takes for "not given" ("int 0..5 or random").
function unsetWord(o) { const m = / or (\w+)$/.exec(o.range || ''); return m ? m[1] : null; }

export function seatText(s) {
  if (s.kind === 'open') return T('open');
  const name = s.kind === 'bot' ? botName(s.name) : s.name;
  return name + (s.kind === 'person' && !s.present ? ' (' + T('away') + ')' : '');
}

export function renderLobby(main) {
  main.append(newTable(), tableList());
}

function newTable() {
  const box = el('section', { class: 'panel', 'aria-labelledby': 'new-h' }, el('h2', { id: 'new-h', text: T('newTable') }));
  const gameSel = el('select', { id: 'game' });
  for (const g of S.games) gameSel.append(el('option', { value: g.name, text: gameTitle(g), translate: 'no' }));
  const saved = localStorage.getItem('cardhall.game');
  if (saved && S.games.some((g) => g.name === saved)) gameSel.value = saved;
  const summary = el('p', { class: 'muted', id: 'game-summary' });
  const playersSel = el('select', { id: 'players' });
  const seatsBox = el('div', { class: 'seat-specs' });
  const optsBox = el('div', { class: 'options' });
  const nameIn = el('input', { id: 'name', value: S.name, maxlength: '31', autocomplete: 'nickname' });
  const game = () => S.games.find((g) => g.name === gameSel.value);
  const fillSeats = () => {
    seatsBox.textContent = '';
    const g = game();
    const n = Number(playersSel.value);
    for (let i = 0; i < n; i++) {
      const sel = el('select', { id: 'seat-' + i, 'data-seat': String(i) });
      sel.append(el('option', { value: 'open', text: T('person') }));
      for (const b of g.bots) sel.append(el('option', { value: b, text: botName(b) }));
      sel.value = i === 0 ? 'open' : (g.bots.includes('heuristic') ? 'heuristic' : 'random');
      seatsBox.append(el('div', { class: 'form-row' }, el('label', { for: 'seat-' + i, text: T('seat') + ' P' + i }), sel));
    }
  };
  const fillGame = () => {
    const g = game();
    if (!g) return;
    summary.textContent = summaryOf(g);
    playersSel.textContent = '';
    const po = g.options.find((o) => o.key === 'players');
    const lo = po ? po.min : g.min_players, hi = po ? po.max : g.max_players;
    for (let n = lo; n <= hi; n++) playersSel.append(el('option', { value: String(n), text: String(n) }));
    playersSel.value = po ? po.default : String(lo);
    optsBox.textContent = '';
    for (const o of g.options) {
      if (o.key === 'players' || o.type === 'string' || o.type === 'str') continue;
      const id = 'opt-' + o.key;
      let input;
      if (o.type === 'bool') {
        input = el('input', { type: 'checkbox', id, 'data-opt': o.key });
        input.checked = o.default === 'true';
      } else if (o.choices) {
        input = el('select', { id, 'data-opt': o.key });
        for (const v of o.choices) input.append(el('option', { value: v, text: choiceOf(g, v) }));
        input.value = o.default;
      } else if (o.type === 'int') {
        // A number in range, or the option's word for "not given" (random,
        // none): the word is the empty field, shown in the page's language.
        const unset = unsetWord(o);
        input = el('input', { type: 'text', inputmode: 'numeric', id, 'data-opt': o.key, size: '8',
          value: unset && o.default === unset ? '' : o.default, placeholder: unset ? choiceOf(g, unset) : null,
          'data-unset': unset, 'aria-describedby': id + '-help' });
      } else continue;
      const unset = unsetWord(o);
      const range = o.type === 'int' ? ' (' + o.min + '–' + o.max + (unset ? ', ' + T('emptyIs') + ' ' + choiceOf(g, unset) : '') + ')' : '';
      optsBox.append(el('div', { class: 'form-row opt' }, el('label', { for: id, text: labelOf(g, o) }), input,
        el('span', { class: 'muted', id: id + '-help', text: helpOf(g, o) + range })));
    }
    fillSeats();
  };
  gameSel.addEventListener('change', () => { localStorage.setItem('cardhall.game', gameSel.value); fillGame(); });
  playersSel.addEventListener('change', fillSeats);
  fillGame();
  // Issue 25: a turn clock (a bank per person plus an increment per move)
  // and whether spectators may chat.
  const clockSel = el('select', { id: 'clock' });
  for (const [v, text] of [['', T('clockNone')], ['60+5', '1 + 5'], ['180+5', '3 + 5'], ['300+10', '5 + 10'], ['600+10', '10 + 10'], ['1800+30', '30 + 30']])
    clockSel.append(el('option', { value: v, text: v ? text.replace(/^(\d+) \+ (\d+)$/, getLang() === 'ja' ? '$1分 + 1手$2秒' : '$1 min + $2 s per move') : text }));
  clockSel.value = localStorage.getItem('cardhall.clock') || '';
  const specChat = el('input', { type: 'checkbox', id: 'spectator-chat' });
  specChat.checked = true;
  const handPause = handPauseRow(); // issue 24: how long a hand's summary waits
  const tableOpts = el('div', { class: 'table-opts' },
    el('div', { class: 'form-row' }, el('label', { for: 'clock', text: T('clock') }), clockSel),
    el('div', { class: 'form-row' }, el('label', { for: 'spectator-chat', text: T('spectatorChat') }), specChat),
    handPause.row);
  const details = el('details', {}, el('summary', { text: T('options') }), optsBox, tableOpts);
  const create = el('button', { type: 'button', id: 'create', class: 'primary', text: T('create'), onclick: () => {
    S.name = nameIn.value.trim() || 'player';
    localStorage.setItem('cardhall.name', S.name);
    const options = { players: Number(playersSel.value) };
    for (const i of optsBox.querySelectorAll('[data-opt]')) {
      const o = game().options.find((x) => x.key === i.dataset.opt);
      const v = i.type === 'checkbox' ? String(i.checked) : i.value.trim() || i.dataset.unset || '';
      if (v !== o.default) options[i.dataset.opt] = v;
    }
    const seats = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    const msg = { type: 'create', game: gameSel.value, options, seats, spectator_chat: specChat.checked };
    msg.hand_pause = handPause.value();
    localStorage.setItem('cardhall.clock', clockSel.value);
    if (clockSel.value) {
      const [bank, inc] = clockSel.value.split('+').map(Number);
      msg.clock = { bank_ms: bank * 1000, increment_ms: inc * 1000 };
    }
    send(msg);
  } });
  const rules = el('button', { type: 'button', id: 'lobby-rules', text: T('rules'), onclick: () => send({ type: 'rules', game: gameSel.value, lang: getLang() }) });
  box.append(
    el('div', { class: 'form-row' }, el('label', { for: 'game', text: T('game') }), gameSel, rules), summary,
    el('div', { class: 'form-row' }, el('label', { for: 'players', text: T('players') }), playersSel),
    seatsBox, details,
    el('div', { class: 'form-row' }, el('label', { for: 'name', text: T('yourName') }), nameIn, create));
  return box;
}

function tableList() {
  const box = el('section', { class: 'panel', 'aria-labelledby': 'tables-h' }, el('h2', { id: 'tables-h', text: T('tables') }));
  const live = S.tables.filter((t) => t.status !== 'finished').reverse();
  const done = S.tables.filter((t) => t.status === 'finished').reverse();
  if (!S.tables.length) box.append(el('p', { class: 'muted', text: T('noGames') }));
  const list = (ts, id, title) => {
    if (!ts.length) return;
    box.append(el('h3', { id, text: title }));
    const ul = el('ul', { class: 'table-list', 'aria-labelledby': id });
    for (const t of ts.slice(0, 50)) {
      const g = S.games.find((x) => x.name === t.game);
      const seats = t.seats.map(seatText).join(', ');
      const links = [];
      if (t.status === 'finished') {
        links.push(el('a', { href: '#replay=' + t.id, text: T('replay') }));
      } else {
        // A seat this browser holds (its token) is offered back, not watched.
        const mine = localStorage.getItem(tokenKey(t.id));
        links.push(el('a', { href: '#table=' + t.id, class: mine ? 'back-to-seat' : null,
          text: mine ? T('backToSeat') : t.seats.some((s) => s.kind === 'open') ? T('join') : T('watch') }));
      }
      ul.append(el('li', {}, el('span', { class: 'tname', translate: 'no', text: '#' + t.id + ' ' + (g ? gameTitle(g) : t.game) }),
        el('span', { class: 'muted', text: ' · ' + T(t.status) + ' · ' + T('moves') + ' ' + t.moves }),
        el('div', { class: 'tseats', text: seats }), ...links));
    }
    box.append(ul);
  };
  list(live, 'live-h', T('openTables'));
  list(done, 'done-h', T('finishedGames'));
  return box;
}

export function requestRender() { render(); }
