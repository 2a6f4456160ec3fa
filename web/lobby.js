// The lobby: a new table (game, options with the ranges `list` gives, seats
// as people or computer players), the tables to join or watch, and the
// finished games to replay.
import { el } from './dom.js';
import { S, render } from './state.js';
import { T, getLang, botName, botSeatName, gameTitle, levelName, levelTip, seatWord } from './i18n.js';
import { send, tokenKey } from './net.js';
import { boardFor } from './boards/index.js';
import { simOnly, isSeatOpt, optLabel, valueWords, misfit, fieldOfError } from './options.js';
import { handPauseRow } from './handend.js';

// The lobby words of a game in the page language: the server speaks
// English; a board module carries the Japanese.
function lobbyJa(g) { const b = boardFor(g.name); return (getLang() === 'ja' && b && b.lobby && b.lobby.ja) || {}; }
export function summaryOf(g) { return lobbyJa(g).summary || g.summary; }
function helpOf(g, o) { return (lobbyJa(g).options || {})[o.key] || o.help; }

// The word an int option takes for "not given" ("int 0..5 or random").
function unsetWord(o) { const m = / or (\w+)$/.exec(o.range || ''); return m ? m[1] : null; }

export function seatText(s) {
  if (s.kind === 'open') return T('open');
  // A computer seat by its own name, as at the table, and its kind.
  const name = s.kind === 'bot' ? botSeatName(s.seat) + ' (' + botName(s.name) + ')' : s.name;
  return name + (s.kind === 'person' && !s.present ? ' (' + T('away') + ')' : '');
}

export function renderLobby(main) {
  main.append(newTable(), tableList());
}

// What the person has chosen so far in the new-table panel: the lobby is
// redrawn on every message (another table created, a language switch), and
// a refusal from the server must keep the panel open with the values in it.
const draft = { game: null, players: null, opts: {}, seats: {}, open: false, fieldError: null };

// The server refused the table: the option it names gets the reason on
// its field (the panel stays open); app.js calls this for `error` of create.
export function createRefused(msg) {
  const g = S.games.find((x) => x.name === draft.game);
  const key = g ? fieldOfError(msg, g.options.map((o) => o.key)) : null;
  if (!key) return false;
  draft.fieldError = { key, msg };
  draft.open = key !== 'players';
  return true;
}

// One option's field: a checkbox, a list of values in words (enums, seats,
// small ranges) or a number; a value that does not fit the player count is
// disabled and says why.
function optionField(g, o, n) {
  const id = 'opt-' + o.key;
  const cur = draft.opts[o.key] ?? o.default;
  const unset = unsetWord(o);
  let input, why = null;
  if (o.type === 'bool') {
    input = el('input', { type: 'checkbox', id, 'data-opt': o.key, 'aria-describedby': id + '-help' });
    input.checked = cur === 'true';
    why = misfit(g.name, o.key, 'true', n);
    if (why) { input.checked = o.default === 'true' && !misfit(g.name, o.key, o.default, n); input.disabled = true; }
  } else if (o.choices || isSeatOpt(o.key) || (o.type === 'int' && o.max - o.min <= 8)) {
    input = el('select', { id, 'data-opt': o.key, 'aria-describedby': id + '-help' });
    const vals = o.choices ? o.choices.slice() : [];
    if (!o.choices) {
      if (unset) vals.push(unset);
      for (let v = o.min; v <= o.max; v++) vals.push(String(v));
    }
    for (const v of vals) {
      const bad = misfit(g.name, o.key, v, n);
      const word = isSeatOpt(o.key) && /^\d+$/.test(v) ? seatWord(v) : valueWords(g.name, o.key, v);
      input.append(el('option', { value: v, disabled: !!bad, text: word + (bad ? ' — ' + bad : '') }));
    }
    input.value = misfit(g.name, o.key, cur, n) ? o.default : cur;
  } else if (o.type === 'int') {
    // A number in range, or the option's word for "not given" (random,
    // none): the word is the empty field, shown in the page's language.
    input = el('input', { type: 'text', inputmode: 'numeric', id, 'data-opt': o.key, size: '8',
      value: unset && cur === unset ? '' : cur, placeholder: unset ? valueWords(g.name, o.key, unset) : null,
      'data-unset': unset, 'aria-describedby': id + '-help' });
  } else return null;
  const range = o.type === 'int' && input.tagName === 'INPUT' ? ' (' + o.min + '–' + o.max + (unset ? ', ' + T('emptyIs') + ' ' + valueWords(g.name, o.key, unset) : '') + ')' : '';
  const row = el('div', { class: 'form-row opt' }, el('label', { for: id, text: optLabel(g.name, o.key) }), input,
    el('span', { class: 'muted', id: id + '-help', text: helpOf(g, o) + range }));
  if (why && o.type === 'bool') row.append(el('span', { class: 'opt-why', id: id + '-why', text: why }));
  if (why && o.type === 'bool') input.setAttribute('aria-describedby', id + '-why ' + id + '-help');
  const fe = draft.fieldError;
  if (fe && fe.key === o.key) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', id + '-err ' + input.getAttribute('aria-describedby'));
    row.classList.add('invalid');
    row.append(el('span', { class: 'opt-err', id: id + '-err', role: 'alert', text: fe.msg }));
  }
  // Kept as typed (not only on change): a redraw mid-typing keeps it.
  if (input.tagName === 'INPUT' && input.type === 'text')
    input.addEventListener('input', () => { draft.opts[o.key] = input.value.trim() || unset || ''; });
  input.addEventListener('change', () => {
    draft.opts[o.key] = input.type === 'checkbox' ? String(input.checked) : input.value.trim() || unset || '';
    if (draft.fieldError && draft.fieldError.key === o.key) { draft.fieldError = null; row.classList.remove('invalid'); input.removeAttribute('aria-invalid'); const e = row.querySelector('.opt-err'); if (e) e.remove(); }
  });
  return row;
}

// The seats chosen so far, put back after the seat choosers are redrawn.
function keepSeats(seatsBox) {
  for (const sel of seatsBox.querySelectorAll('select[data-seat]')) {
    const v = draft.seats[sel.dataset.seat];
    if (v && [...sel.options].some((o) => o.value === v)) sel.value = v;
  }
}

function newTable() {
  const box = el('section', { class: 'panel', 'aria-labelledby': 'new-h' }, el('h2', { id: 'new-h', text: T('newTable') }));
  const gameSel = el('select', { id: 'game' });
  for (const g of S.games) gameSel.append(el('option', { value: g.name, text: gameTitle(g), translate: 'no' }));
  const saved = draft.game || localStorage.getItem('cardhall.game');
  if (saved && S.games.some((g) => g.name === saved)) gameSel.value = saved;
  draft.game = gameSel.value;
  const summary = el('p', { class: 'muted', id: 'game-summary' });
  const playersSel = el('select', { id: 'players' });
  const playersRow = el('div', { class: 'form-row' }, el('label', { for: 'players', text: T('players') }), playersSel);
  const seatsBox = el('div', { class: 'seat-specs' });
  const optsBox = el('div', { class: 'options' });
  const nameIn = el('input', { id: 'name', value: S.name, maxlength: '31', autocomplete: 'nickname' });
  // What is typed survives the page being drawn again (a state arriving).
  nameIn.addEventListener('input', () => { S.name = nameIn.value; });
  const game = () => S.games.find((g) => g.name === gameSel.value);
  const fillSeats = () => {
    seatsBox.textContent = '';
    const g = game();
    const n = Number(playersSel.value);
    for (let i = 0; i < n; i++) {
      // Issue 24: a person or a level of computer player (the bots behind
      // the levels are the server's business), each level with a tooltip.
      const sel = el('select', { id: 'seat-' + i, 'data-seat': String(i) });
      sel.append(el('option', { value: 'open', text: T('person') }));
      const levels = g.levels || [];
      for (const l of levels) sel.append(el('option', { value: l, text: levelName(l), title: levelTip(l) }));
      sel.value = i === 0 ? 'open' : (levels.includes('normal') ? 'normal' : levels[0]);
      const tip = () => { sel.title = levelTip(sel.value) || T('person'); };
      sel.addEventListener('change', tip);
      tip();
      seatsBox.append(el('div', { class: 'form-row' }, el('label', { for: 'seat-' + i, text: seatWord(i) }), sel));
    }
  };
  const fillOptions = () => {
    const g = game();
    optsBox.textContent = '';
    const n = Number(playersSel.value);
    for (const o of g.options) {
      if (o.key === 'players' || o.type === 'string' || o.type === 'str' || simOnly(g.name, o.key)) continue;
      const row = optionField(g, o, n);
      if (row) optsBox.append(row);
    }
  };
  const fillGame = () => {
    const g = game();
    if (!g) return;
    summary.textContent = summaryOf(g);
    playersSel.textContent = '';
    const po = g.options.find((o) => o.key === 'players');
    const lo = po ? po.min : g.min_players, hi = po ? po.max : g.max_players;
    for (let n = lo; n <= hi; n++) {
      const bad = misfit(g.name, 'players', String(n), n);
      playersSel.append(el('option', { value: String(n), disabled: !!bad, text: String(n) + (bad ? ' — ' + bad : '') }));
    }
    playersSel.value = draft.players || (po ? po.default : String(lo));
    const fe = draft.fieldError;
    playersRow.querySelector('.opt-err')?.remove();
    if (fe && fe.key === 'players') playersRow.append(el('span', { class: 'opt-err', role: 'alert', text: fe.msg }));
    fillOptions();
    fillSeats();
    keepSeats(seatsBox);
  };
  gameSel.addEventListener('change', () => {
    localStorage.setItem('cardhall.game', gameSel.value);
    Object.assign(draft, { game: gameSel.value, players: null, opts: {}, seats: {}, fieldError: null });
    fillGame();
  });
  playersSel.addEventListener('change', () => { draft.players = playersSel.value; fillOptions(); fillSeats(); keepSeats(seatsBox); });
  seatsBox.addEventListener('change', (e) => { if (e.target.dataset.seat) draft.seats[e.target.dataset.seat] = e.target.value; });
  fillGame();
  // Issue 25: a turn clock (a bank per person plus an increment per move)
  // and whether spectators may chat.
  const clockSel = el('select', { id: 'clock' });
  for (const [v, text] of [['', T('clockNone')], ['60+5', '1 + 5'], ['180+5', '3 + 5'], ['300+10', '5 + 10'], ['600+10', '10 + 10'], ['1800+30', '30 + 30']])
    clockSel.append(el('option', { value: v, text: v ? text.replace(/^(\d+) \+ (\d+)$/, getLang() === 'ja' ? '$1分 + 1手$2秒' : '$1 min + $2 s per move') : text }));
  clockSel.value = localStorage.getItem('cardhall.clock') || '';
  const specChat = el('input', { type: 'checkbox', id: 'spectator-chat' });
  specChat.checked = true;
  const hintsBox = el('input', { type: 'checkbox', id: 'hints' }); // issue 24: off unless the creator allows it
  const handPause = handPauseRow(); // issue 24: how long a hand's summary waits
  const tableOpts = el('div', { class: 'table-opts' },
    el('div', { class: 'form-row' }, el('label', { for: 'hints', title: T('hintTip'), text: T('hints') }), hintsBox),
    el('div', { class: 'form-row' }, el('label', { for: 'clock', text: T('clock') }), clockSel),
    el('div', { class: 'form-row' }, el('label', { for: 'spectator-chat', text: T('spectatorChat') }), specChat),
    handPause.row);
  const details = el('details', { open: draft.open }, el('summary', { text: T('options') }), optsBox, tableOpts);
  details.addEventListener('toggle', () => { draft.open = details.open; });
  const create = el('button', { type: 'button', id: 'create', class: 'primary', text: T('create'), onclick: () => {
    S.name = nameIn.value.trim() || (getLang() === 'ja' ? 'プレイヤー' : 'player');
    localStorage.setItem('cardhall.name', S.name);
    const options = { players: Number(playersSel.value) };
    for (const i of optsBox.querySelectorAll('[data-opt]')) {
      const o = game().options.find((x) => x.key === i.dataset.opt);
      const v = i.type === 'checkbox' ? String(i.checked) : i.value.trim() || i.dataset.unset || '';
      if (v !== o.default) options[i.dataset.opt] = v;
    }
    const seats = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    const msg = { type: 'create', game: gameSel.value, options, seats, spectator_chat: specChat.checked, hints: hintsBox.checked };
    msg.hand_pause = handPause.value();
    localStorage.setItem('cardhall.clock', clockSel.value);
    if (clockSel.value) {
      const [bank, inc] = clockSel.value.split('+').map(Number);
      msg.clock = { bank_ms: bank * 1000, increment_ms: inc * 1000 };
    }
    draft.fieldError = null;
    send(msg);
  } });
  const rules = el('button', { type: 'button', id: 'lobby-rules', text: T('rules'), onclick: () => send({ type: 'rules', game: gameSel.value, lang: getLang() }) });
  box.append(
    el('div', { class: 'form-row' }, el('label', { for: 'game', text: T('game') }), gameSel, rules), summary,
    playersRow, seatsBox, details,
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
