// Cards move (issue 24): after a move, a card that is on the board before
// and after travels from where it was (a card played from the hand to the
// pile); a card that was not to be seen comes in (a draw from the stock).
// FLIP on the Web Animations API: nothing when the person prefers reduced
// motion, and only when a move came in (a pick, a resize or the language
// does not animate).
import { S } from './state.js';

const reduced = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : { matches: true };
let before = null;

function cards() {
  const by = new Map();
  for (const e of document.querySelectorAll('#board [data-card]')) {
    const k = e.getAttribute('data-card');
    if (!by.has(k)) by.set(k, []);
    by.get(k).push(e);
  }
  return by;
}

export function beforeRender() {
  before = null;
  if (reduced.matches || !document.getElementById('board')) return;
  const rects = new Map();
  for (const [k, es] of cards()) rects.set(k, es.map((e) => e.getBoundingClientRect()));
  before = { state: S.last, rects };
}

export function afterRender() {
  const b = before;
  before = null;
  if (!b || !S.last || S.last === b.state || !S.last.move || !b.state || b.state.table.id !== S.last.table.id) return;
  for (const [k, es] of cards()) {
    const old = b.rects.get(k);
    if (!old) {
      // Newly seen: it comes in from above (drawn), the first few only.
      for (const e of es.slice(0, 2))
        e.animate([{ transform: 'translateY(-2.5em) scale(0.85)', opacity: 0 }, { transform: 'none', opacity: 1 }],
          { duration: 380, easing: 'ease-out' });
      continue;
    }
    // A card shown once before and once now that moved: it travels.
    if (old.length !== 1 || es.length !== 1) continue;
    const now = es[0].getBoundingClientRect();
    const dx = old[0].left - now.left, dy = old[0].top - now.top;
    if (Math.abs(dx) + Math.abs(dy) < 12) continue;
    es[0].animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }],
      { duration: 450, easing: 'cubic-bezier(.2,.7,.3,1)' });
  }
}
