// Cards move (issue 24): after a move, a card that is on the board before
// and after travels from where it was (a card played from the hand to the
// pile); a card that was not to be seen comes in (a draw from the stock).
// FLIP on the Web Animations API: nothing when the person prefers reduced
// motion, and only when a move came in (a pick, a resize or the language
// does not animate).
import { S } from './state.js';

const reduced = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : { matches: true };
// Where each card was after the last drawing, in page coordinates (a
// scroll between two states moves nothing).
let last = null;

function cards() {
  const by = new Map();
  for (const e of document.querySelectorAll('#board [data-card]')) {
    const k = e.getAttribute('data-card');
    if (!by.has(k)) by.set(k, []);
    by.get(k).push(e);
  }
  return by;
}

const place = (e) => { const r = e.getBoundingClientRect(); return { left: r.left + window.scrollX, top: r.top + window.scrollY }; };

// Called after each drawing of the page.
export function afterRender() {
  const prev = last;
  const now = cards();
  const where = new Map();
  for (const [k, es] of now) where.set(k, es.map(place));
  last = { state: S.last, where };
  if (reduced.matches || !prev || !prev.state || !S.last || prev.state === S.last || !S.last.move ||
      prev.state.table.id !== S.last.table.id || prev.state.table.game_no !== S.last.table.game_no) return;
  for (const [k, es] of now) {
    const old = prev.where.get(k);
    if (!old) {
      // Newly seen: it comes in from above (drawn), the first few only.
      for (const e of es.slice(0, 2))
        e.animate([{ transform: 'translateY(-2.5em) scale(0.85)', opacity: 0 }, { transform: 'none', opacity: 1 }],
          { duration: 380, easing: 'ease-out', id: 'ch-card' });
      continue;
    }
    // A card shown once before and once now that moved: it travels.
    if (old.length !== 1 || es.length !== 1) continue;
    const p = where.get(k)[0];
    const dx = old[0].left - p.left, dy = old[0].top - p.top;
    if (Math.abs(dx) + Math.abs(dy) < 12) continue;
    es[0].animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }],
      { duration: 450, easing: 'cubic-bezier(.2,.7,.3,1)', id: 'ch-card' });
  }
}
