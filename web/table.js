// The table page: who sits where and whose turn it is, the game's board
// (boards/<game>.js) as this viewer may see it, the legal moves to click
// (a multi-card move picked card by card and then confirmed; a move that
// loses on the spot asks a second click), the log, the end of the game.
import { el } from './dom.js';
import { S, render, routeTable } from './state.js';
import { T, getLang, botName, botSeatName, gameTitle, wordsOf, fillSeats, fillSeatsDeep, seatNumber } from './i18n.js';
import { send } from './net.js';
import { boardFor } from './boards/index.js';
import { renderLog } from './log.js';
import { renderSide, renderChat, chatTable, watchMsg } from './chat.js';
import { clockOf, awayOf, turnControls } from './turn.js';
import { hintBox } from './hint.js';
import { renderInvite } from './invite.js';
import { dockHand } from './phone.js';
import { handEndPanel, resultDialog, resultClosed, reopenResult } from './handend.js';

// A seat's name as people read it: the person's name, a computer player's
// own name (each bot seat its own), or "open".
export function seatName(t, i) {
  const s = t.seats[i];
  return s.kind === 'open' ? T('open') : s.kind === 'bot' ? botSeatName(i) : s.name;
}

// The names that fill the server's seat placeholders: each seat's name,
// with its number where two seats share a name.
export function seatNames(t) {
  const names = t.seats.map((_, i) => seatName(t, i));
  return names.map((n, i) => (names.some((x, j) => j !== i && x === n) ? n + ' (' + seatNumber(i) + ')' : n));
}

// The state message with every text the server wrote filled with names:
// the legal moves, the text board and the view's texts (last_hand).
function named(m, names) {
  return {
    ...m,
    view: fillSeatsDeep(m.view, names),
    board: fillSeats(m.board, names),
    // The hand-end summary and the last hand of a finished game (issue 24).
    pause: m.pause && fillSeatsDeep(m.pause, names),
    hand_end: m.hand_end && fillSeatsDeep(m.hand_end, names),
    legal: (m.legal || []).map((a) => ({ ...a, name: fillSeats(a.name, names), warning: fillSeats(a.warning, names) })),
  };
}

// Sends a legal move; a move with a warning needs a second click.
export function act(a) {
  if (a.warning && S.armed !== a.action) { S.armed = a.action; render(); return; }
  S.armed = null;
  S.picked = [];
  send({ type: 'act', action: a.action });
}

// The board module's context (boards/index.js documents it).
// Picks are kept per card in the hand (code#copy), so a hand holding two
// copies of a card can pick both; moves are matched by code.
const pickedCodes = () => S.picked.map((k) => k.slice(0, k.lastIndexOf('#')));

export function boardContext(board, m0, opts = {}) {
  const t = m0.table;
  const names = seatNames(t);
  const m = named(m0, names);
  const copies = {};
  const legal = m.legal || [];
  const n = t.seats.length;
  // The viewer's own seat, or null for a spectator and an all-open replay;
  // the other seats in order from the viewer's left, as around a table.
  const me = !opts.open && Number.isInteger(m.seat) && m.seat >= 0 && m.seat < n ? m.seat : null;
  const others = [];
  for (let k = me === null ? 0 : 1; k < n; k++) others.push(me === null ? k : (me + k) % n);
  const ctx = {
    me, others,
    view: m.view, seat: m.seat, open: !!opts.open, players: t.seats.length, names, options: t.options,
    toMove: m.status ? m.status.to_move : null, legal, lang: getLang(),
    t: wordsOf(board.texts || {}), T, boardText: m.board || '', picked: pickedCodes(),
    seatLabel: (p) => (names[p] || seatNumber(p)) + (p === m.seat ? ' (' + T('you') + ')' : ''),
    act: (action) => { const a = legal.find((x) => x.action === action); if (a) act(a); },
    pickable: (cardEl, code) => {
      if (!legal.length || !board.actionCards) return cardEl;
      const canPick = legal.some((a) => (board.actionCards(a.action, m.view) || []).includes(code));
      if (!canPick) return cardEl;
      copies[code] = (copies[code] || 0) + 1;
      const key = code + '#' + copies[code];
      const on = S.picked.includes(key);
      cardEl.classList.add('pickable');
      if (on) cardEl.classList.add('selected');
      cardEl.setAttribute('role', 'button');
      cardEl.setAttribute('tabindex', '0');
      cardEl.setAttribute('aria-pressed', on ? 'true' : 'false');
      cardEl.dataset.pick = key;
      const toggle = () => {
        const i = S.picked.indexOf(key);
        if (i >= 0) S.picked.splice(i, 1); else S.picked.push(key);
        S.armed = null;
        render();
        const again = document.querySelector(`[data-pick="${CSS.escape(key)}"]`);
        if (again) again.focus();
      };
      cardEl.addEventListener('click', toggle);
      cardEl.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(); } });
      return cardEl;
    },
    actButton: (action, label, child) => {
      const a = legal.find((x) => x.action === action);
      if (!a) return null;
      return el('button', { type: 'button', class: 'act' + (a.warning ? ' warn' : ''), 'data-action': action,
        'aria-label': a.name + (a.warning ? ' — ' + a.warning : ''), onclick: () => act(a) }, child || label);
    },
  };
  return ctx;
}

// The moves that use every picked card (all of them when none is picked).
function movesFor(board, m) {
  const legal = m.legal || [];
  if (!S.picked.length || !board.actionCards) return legal;
  return legal.filter((a) => {
    const cs = (board.actionCards(a.action, m.view) || []).slice();
    return pickedCodes().every((c) => { const i = cs.indexOf(c); if (i < 0) return false; cs.splice(i, 1); return true; });
  });
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(), y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}

// The picked cards as people say them: each card's accessible name on the
// board (its first clause), never its code.
function pickedNames(area) {
  return pickedCodes().map((c) => {
    const e = area && area.querySelector(`[data-card="${CSS.escape(c)}"]`);
    const name = e && e.getAttribute('aria-label');
    return name ? name.split(/[;、]/)[0] : c;
  });
}

function movesPanel(board, m, area) {
  const box = el('section', { class: 'panel moves-box', 'aria-labelledby': 'moves-h' },
    el('h2', { id: 'moves-h', text: T('yourTurn') }));
  let moves = movesFor(board, m);
  if (S.picked.length && !moves.length) { S.picked = []; moves = m.legal; }
  if (S.picked.length) {
    const exact = moves.filter((a) => sameCards(board.actionCards(a.action, m.view) || [], pickedCodes()));
    const bar = el('div', { class: 'pickbar', role: 'group', 'aria-label': T('picked') },
      el('span', { text: T('picked') + ': ' + pickedNames(area).join(getLang() === 'ja' ? '、' : ', ') }),
      el('button', { type: 'button', id: 'clear-pick', text: T('clearPick'), onclick: () => { S.picked = []; S.armed = null; render(); } }));
    // One move with exactly the picked cards: the confirm button plays it.
    if (exact.length === 1) {
      const a = exact[0];
      bar.append(el('button', { type: 'button', id: 'confirm-pick', class: 'primary' + (a.warning ? ' warn' : ''),
        'data-action': a.action, text: T('playPicked') + ': ' + a.name, onclick: () => act(a) }));
    }
    box.append(bar);
  } else if (board.actionCards && m.legal.some((a) => (board.actionCards(a.action, m.view) || []).length > 1)) {
    box.append(el('p', { class: 'muted', text: T('pickHint') }));
  }
  const list = el('div', { class: 'moves', role: 'group', 'aria-labelledby': 'moves-h' });
  moves.forEach((a, i) => {
    const armed = S.armed === a.action;
    const b = el('button', { type: 'button', class: 'move' + (a.warning ? ' warn' : '') + (armed ? ' armed' : ''),
      'data-action': a.action, 'aria-label': a.name + (a.warning ? ' — ' + a.warning : ''), onclick: () => act(a) },
    i < 9 ? el('kbd', { text: String(i + 1) }) : null, a.name);
    if (a.warning) b.append(el('span', { class: 'flag', text: '⚠ ' + a.warning + (armed ? ' — ' + T('confirm') : '') }));
    list.append(b);
  });
  box.append(list);
  return box;
}

function seatsBar(m) {
  const t = m.table;
  const toMove = m.status ? m.status.to_move : null;
  const ul = el('ul', { class: 'seats', 'aria-label': T('seats') });
  t.seats.forEach((s, i) => {
    const label = seatName(t, i) + (s.kind === 'bot' ? ' (' + botName(s.name) + ')' : '') + (i === m.seat ? ' (' + T('you') + ')' : '');
    ul.append(el('li', { class: 'seat' + (i === toMove ? ' turn' : '') + (i === m.seat ? ' me' : '') + (s.kind === 'person' && !s.present ? ' away' : ''),
      'aria-current': i === toMove ? 'true' : null },
    el('span', { class: 'seat-no', text: String(i + 1) }), ' ', label,
    s.kind === 'person' && !s.present ? awayOf(m, i) || el('span', { class: 'muted', text: ' · ' + T('away') }) : null,
    clockOf(m, i),
    i === toMove ? el('span', { class: 'turn-mark', text: ' ◀ ' + T('toMove') }) : null));
  });
  return ul;
}

function resultBox(m) {
  const r = m.status.result;
  const t = m.table;
  const order = t.seats.map((_, i) => i).sort((a, b) => r.ranks[a] - r.ranks[b]);
  const tbl = el('table', { class: 'result' },
    el('thead', {}, el('tr', {}, el('th', { text: T('rank') }), el('th', { text: T('seat') }), el('th', { text: T('score') }))));
  const body = el('tbody');
  for (const i of order) {
    body.append(el('tr', { class: r.winners.includes(i) ? 'winner' : '' }, el('td', { text: String(r.ranks[i]) }),
      el('td', { text: seatName(t, i) + (i === m.seat ? ' (' + T('you') + ')' : '') }), el('td', { text: String(r.scores[i]) })));
  }
  tbl.append(body);
  const box = el('section', { class: 'panel over', 'aria-labelledby': 'over-h' }, el('h2', { id: 'over-h', text: T('over') }), tbl);
  const row = el('div', { class: 'form-row' });
  if (m.seat !== null) row.append(el('button', { type: 'button', id: 'rematch', class: 'primary', text: T('rematch'), onclick: () => send({ type: 'rematch' }) }));
  row.append(el('button', { type: 'button', id: 'record', text: T('record'), onclick: () => send({ type: 'record', table: t.id }) }));
  row.append(el('a', { href: '#replay=' + t.id + '/' + t.game_no, id: 'replay-link', text: T('replay') }));
  box.append(row);
  return box;
}

export function renderTable(main) {
  const id = routeTable();
  const last = S.last && S.last.table.id === id ? S.last : null;
  if (!last) { renderInvite(main, id); return; }
  const names = seatNames(last.table);
  const m = named(last, names);
  const t = m.table;
  chatTable(t.id);
  const g = S.games.find((x) => x.name === t.game);
  const board = boardFor(t.game) || { render: () => el('pre', { class: 'board-text', text: m.board || '' }) };
  const head = el('section', { class: 'panel head' },
    el('div', { class: 'head-row' },
      el('h1', {}, el('span', { translate: 'no', text: g ? gameTitle(g) : t.game }), ' #' + t.id + (t.game_no ? ' (' + (t.game_no + 1) + ')' : '')),
      el('div', { class: 'head-buttons' },
        el('button', { type: 'button', id: 'rules-btn', text: T('rules'), onclick: () => send({ type: 'rules', table: t.id, lang: getLang() }) }),
        // Leave: the computer takes the seat; the token (kept) brings the person back.
        m.seat !== null && t.status === 'running'
          ? el('button', { type: 'button', id: 'leave-btn', text: T('leave'), title: T('leaveHint'), onclick: () => send({ type: 'leave' }) }) : null)),
    seatsBar(m));
  if (m.seat !== null && t.status !== 'finished') head.append(turnControls());
  if (t.status === 'open') {
    // The server's public address when it has one (behind a proxy the page
    // may have been opened by another name).
    const link = S.publicUrl ? S.publicUrl.replace(/\/*$/, '/') + location.hash : location.href;
    head.append(el('p', { text: T('waiting') }), el('p', { text: T('share') }),
      el('div', { class: 'form-row' }, el('input', { class: 'share', readonly: true, value: link, 'aria-label': T('share'), onfocus: (e) => e.target.select() }),
        el('button', { type: 'button', id: 'copy', text: T('copy'), onclick: (e) => {
          navigator.clipboard?.writeText(link).then(() => { e.target.textContent = T('copied'); }, () => {});
        } })));
  } else if (m.seat === null) head.append(el('p', { class: 'muted', text: T('spectator') }));
  main.append(head);
  if (t.status === 'open') { main.append(renderChat(m)); return; }

  const ctx = boardContext(board, m);
  const grid = el('div', { class: 'table-grid' });
  const left = el('div', { class: 'left' });
  const area = el('section', { class: 'board-area game-' + t.game, id: 'board', 'aria-label': T('board') }, board.render(ctx));
  left.append(area);
  if (m.legal && m.legal.length) left.append(movesPanel(board, m, area));
  const hb = hintBox(m); // issue 24: "Suggest a move"
  if (hb) left.append(hb);
  else if (m.status && m.status.to_move !== null && m.status.to_move !== undefined)
    left.append(el('p', { class: 'waiting', text: T('waitingFor') + ' ' + names[m.status.to_move] }));
  dockHand(left, area, t.game);
  // Issue 24: the result as a dialog; once looked past, the result box.
  if (m.status && m.status.result && resultClosed(m)) left.append(reopenResult(m), resultBox(m));
  left.append(el('details', { class: 'text-board' }, el('summary', { text: T('textBoard') }), el('pre', { class: 'board-text', text: m.board || '' })));
  grid.append(left, renderSide(renderLog(S.log, names), m));
  main.append(grid);
  // Issue 24: between hands the summary waits for Continue; the result over the table.
  const over = m.pause ? handEndPanel(m) : m.status && m.status.result && !resultClosed(m) ? resultDialog(m) : null;
  if (over) main.append(el('div', { class: 'overlay', id: 'overlay' }, over));
}
