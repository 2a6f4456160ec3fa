// "Suggest a move" (issue 24): at a table whose creator allowed hints, the
// seat to move may ask what the Normal computer player would play. The
// server decides it from this seat's view only; the page names the move,
// says why, and outlines its button (or card) until the next state.
import { el } from './dom.js';
import { S, render } from './state.js';
import { T } from './i18n.js';
import { send, on } from './net.js';

let hint = null; // {table, moves, action, name, why}: the last suggestion and the position it is for

on('hint', (m) => {
  const L = S.last;
  hint = L ? { table: L.table.id, moves: L.table.moves, action: m.action, name: m.name, why: m.why } : null;
  render();
});

// The suggestion for the position m shows, if there is one.
function current(m) {
  return hint && hint.table === m.table.id && hint.moves === m.table.moves ? hint : null;
}

// Outlines the suggested move's button(s) once the page is drawn.
function highlight(h) {
  queueMicrotask(() => {
    for (const b of document.querySelectorAll('[data-action]'))
      b.classList.toggle('suggested', !!h && b.dataset.action === h.action);
  });
}

// The button and the suggestion, for the moves panel; null where the table
// gives no hints or it is not this seat's turn.
export function hintBox(m) {
  if (!m.table.hints || !(m.legal && m.legal.length)) return null;
  const h = current(m);
  highlight(h);
  const box = el('div', { class: 'hint', 'aria-live': 'polite' },
    el('button', { type: 'button', id: 'hint-btn', title: T('hintTip'), text: T('hintAsk'), onclick: () => send({ type: 'hint' }) }));
  if (h) box.append(el('p', { class: 'hint-text' }, el('strong', { text: T('hintIs') + ' ' + h.name }), el('br'),
    el('span', { class: 'muted', text: h.why || T('hintWhy') })));
  return box;
}
