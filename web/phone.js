// Phones (issue 24): at a narrow width the viewer's hand and moves are
// docked at the bottom of the screen, always in view, while the board
// scrolls above them. The elements are moved, not copied: their listeners,
// labels and focus order (board, hand, moves) stay as the board made them.
import { el } from './dom.js';

// Where each board draws the viewer's own hand.
const HAND = { racko: '.rk-mine', ragamaru: '.rg-hand', rumino: '.ru-own', comrade: '.cm-hand', babasuki: '.db-hand' };

export const PHONE = '(max-width: 760px)';

export function dockHand(left, area, game) {
  if (!window.matchMedia(PHONE).matches) return;
  let hand = HAND[game] ? area.querySelector(HAND[game]) : null;
  // Babasuki's hand row sits in a labelled zone: dock the zone.
  if (hand && game === 'babasuki' && hand.closest('.db-zone')) hand = hand.closest('.db-zone');
  const moves = left.querySelector('.moves-box');
  if (!hand && !moves) return;
  const dock = el('div', { class: 'phone-dock board-area game-' + game, role: 'region',
    'aria-label': document.documentElement.lang === 'ja' ? 'あなたの手札と手' : 'Your hand and moves' });
  if (hand) dock.append(hand);
  if (moves) dock.append(moves);
  area.after(dock);
  // The page scrolls far enough that nothing hides behind the dock.
  requestAnimationFrame(() => { document.body.style.paddingBottom = dock.offsetHeight + 'px'; });
}

export function undock() { document.body.style.paddingBottom = ''; }

// Turning a phone or resizing a window across the width redraws the page.
export function onPhoneChange(f) { window.matchMedia(PHONE).addEventListener('change', f); }
