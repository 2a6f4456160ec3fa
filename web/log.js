// The table's log: the server's events, each as this viewer may know them.
import { el } from './dom.js';
import { T, fillSeats } from './i18n.js';

export function addEvents(log, move, events) {
  for (const ev of events || []) if (ev.text) log.push({ move, text: ev.text });
  if (log.length > 400) log.splice(0, log.length - 400);
}

// names: the seats' names, which fill the events' seat placeholders ({P0}).
export function renderLog(log, names) {
  const box = el('section', { class: 'panel log-box', 'aria-labelledby': 'log-h' }, el('h2', { id: 'log-h', text: T('log') }));
  const ol = el('ol', { class: 'log', id: 'log', 'aria-live': 'polite', tabindex: '0' });
  let lastMove = null;
  for (const e of log) {
    ol.append(el('li', { class: e.move === lastMove ? 'cont' : '' },
      e.move === lastMove ? null : el('span', { class: 'mv', text: e.move + '.' }), ' ', fillSeats(e.text, names)));
    lastMove = e.move;
  }
  box.append(ol);
  requestAnimationFrame(() => { ol.scrollTop = ol.scrollHeight; });
  return box;
}
