// The replay viewer of a finished game: step through it move by move
// (forward, back, start, end, jump to a hand), seen by any seat, by a
// spectator or with every card open; the record to download. Each step is
// the server's `replay` answer: that viewer's view and board after move k.
import { el } from './dom.js';
import { S, render, routeReplay } from './state.js';
import { T, getLang, gameTitle, fillSeats } from './i18n.js';
import { send } from './net.js';
import { boardFor } from './boards/index.js';
import { boardContext, seatName, seatNames } from './table.js';

// viewer: a seat number, 'all' (every card open) or null (a spectator).
export function requestStep(move, viewer) {
  const r = routeReplay();
  if (!r) return;
  const msg = { type: 'replay', table: r.table, move, viewer, lang: getLang() };
  if (r.game_no !== null) msg.game_no = r.game_no;
  send(msg);
}

export function onReplay(m) {
  S.replay = m;
  render();
}

export function openReplay() {
  const prev = S.replay;
  const r = routeReplay();
  if (prev && prev.table.id === r.table) requestStep(prev.move, prev.viewer);
  else requestStep(0, 'all');
}

function viewerKey(v) { return v === null ? 'spectator' : String(v); }

export function renderReplay(main) {
  const r = routeReplay();
  const m = S.replay && S.replay.table.id === r.table ? S.replay : null;
  if (!m) { main.append(el('p', { class: 'muted', text: T('connecting') })); return; }
  const t = m.table;
  const g = S.games.find((x) => x.name === t.game);
  // The text board names seats {Pp}, like the events: filled with the table's names.
  const boardText = fillSeats(m.board || '', seatNames(t));
  const board = boardFor(t.game) || { render: () => el('pre', { class: 'board-text', text: boardText }) };
  const step = (k) => requestStep(Math.max(0, Math.min(m.moves, k)), m.viewer);
  const head = el('section', { class: 'panel head' },
    el('h1', {}, T('replay') + ': ', el('span', { translate: 'no', text: (g ? gameTitle(g) : t.game) }), ' #' + t.id + (m.game_no ? ' (' + (m.game_no + 1) + ')' : '')));
  // Who sees the board: every card open, a seat, or a spectator.
  const who = el('select', { id: 'replay-viewer' });
  who.append(el('option', { value: 'all', text: T('allOpen') }));
  t.seats.forEach((_, i) => who.append(el('option', { value: String(i), text: (i + 1) + ' ' + seatName(t, i) })));
  who.append(el('option', { value: 'spectator', text: T('spectatorView') }));
  who.value = viewerKey(m.viewer);
  who.addEventListener('change', () => {
    const v = who.value === 'all' ? 'all' : who.value === 'spectator' ? null : Number(who.value);
    requestStep(m.move, v);
  });
  const hands = el('select', { id: 'replay-hand', 'aria-label': T('hand') });
  m.hands.forEach((start, i) => hands.append(el('option', { value: String(start), text: T('hand') + ' ' + (i + 1) })));
  let cur = 0;
  m.hands.forEach((start, i) => { if (start <= m.move) cur = i; });
  hands.value = String(m.hands[cur] ?? 0);
  hands.addEventListener('change', () => step(Number(hands.value)));
  const slider = el('input', { type: 'range', id: 'replay-slider', min: '0', max: String(m.moves), value: String(m.move),
    'aria-label': T('move'), onchange: (e) => step(Number(e.target.value)) });
  const controls = el('div', { class: 'replay-controls', role: 'group', 'aria-label': T('replay') },
    el('button', { type: 'button', id: 'replay-first', text: '|◀ ' + T('first'), onclick: () => step(0) }),
    el('button', { type: 'button', id: 'replay-prev', text: '◀ ' + T('prev'), onclick: () => step(m.move - 1) }),
    el('span', { id: 'replay-pos', class: 'pos', 'aria-live': 'polite', text: T('move') + ' ' + m.move + ' / ' + m.moves }),
    el('button', { type: 'button', id: 'replay-next', text: T('next') + ' ▶', onclick: () => step(m.move + 1) }),
    el('button', { type: 'button', id: 'replay-last', text: T('last') + ' ▶|', onclick: () => step(m.moves) }),
    slider);
  head.append(controls, el('div', { class: 'form-row' },
    el('label', { for: 'replay-viewer', text: T('viewAs') }), who, hands,
    el('button', { type: 'button', id: 'record', text: T('record'), onclick: () => send({ type: 'record', table: t.id, game_no: m.game_no }) })));
  main.append(head);
  const ctx = boardContext(board, { ...m, board: boardText, legal: [], seat: typeof m.viewer === 'number' ? m.viewer : null }, { open: m.viewer === 'all' });
  const grid = el('div', { class: 'table-grid' });
  const left = el('div', { class: 'left' },
    el('section', { class: 'board-area game-' + t.game, id: 'board', 'aria-label': T('board') }, board.render(ctx)),
    el('details', { class: 'text-board' }, el('summary', { text: T('textBoard') }), el('pre', { class: 'board-text', text: boardText })));
  const ev = el('section', { class: 'panel log-box', 'aria-labelledby': 'log-h' }, el('h2', { id: 'log-h', text: T('move') + ' ' + m.move }));
  const ol = el('ol', { class: 'log', id: 'log' });
  for (const e of m.events || []) if (e.text) ol.append(el('li', { text: fillSeats(e.text, seatNames(t)) }));
  ev.append(ol);
  grid.append(left, ev);
  main.append(grid);
}

// Arrow keys step through a replay.
export function replayKey(e) {
  if (!S.replay || !routeReplay()) return false;
  const m = S.replay;
  if (e.key === 'ArrowRight') { requestStep(Math.min(m.moves, m.move + 1), m.viewer); return true; }
  if (e.key === 'ArrowLeft') { requestStep(Math.max(0, m.move - 1), m.viewer); return true; }
  return false;
}
