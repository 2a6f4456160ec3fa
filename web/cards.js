// Cards drawn as SVG. A card is a <span class="card"> holding one SVG, with
// an accessible name (role="img", aria-label) and, when it stands for a card
// the player may pick, data-card="<the game's card code>".
//
// Colour never carries meaning alone: every suit or colour also has a shape
// and a letter (cards.SHAPES), so the cards read in greyscale and to the
// colour-blind.
import { el, svg } from './dom.js';

// Shapes drawn in a 20×20 box centred at (0,0).
const SHAPE_PATHS = {
  spade: 'M0-9C4-4 9-1 9 3a4.5 4.5 0 0 1-8 2.5L2 9h-4l1-3.5A4.5 4.5 0 0 1-9 3C-9-1-4-4 0-9z',
  heart: 'M0 9C-5 4-9 1-9-3a4.5 4.5 0 0 1 9-2 4.5 4.5 0 0 1 9 2c0 4-4 7-9 12z',
  diamond: 'M0-10L8 0 0 10-8 0z',
  club: 'M0-9a4 4 0 0 1 3.6 5.7A4 4 0 1 1 1 4L2 9h-4l1-5a4 4 0 1 1-2.6-7.3A4 4 0 0 1 0-9z',
  circle: 'M0-8a8 8 0 1 1 0 16 8 8 0 1 1 0-16z',
  square: 'M-7-7h14v14h-14z',
  triangle: 'M0-9L9 7H-9z',
  star: 'M0-10L2.4-3.1 9.5-3.1 3.8 1.2 5.9 8.1 0 4 -5.9 8.1 -3.8 1.2 -9.5-3.1 -2.4-3.1z',
  hexagon: 'M-4.5-8h9L10 0 4.5 8h-9L-10 0z',
  cross: 'M-3-9h6v6h6v6h-6v6h-6v-6h-6v-6h6z',
};

export function shapePath(shape, x, y, scale, fill) {
  return svg('path', { d: SHAPE_PATHS[shape] || SHAPE_PATHS.circle, fill,
    transform: `translate(${x} ${y}) scale(${scale})` });
}

// A card face. spec: {
//   name:    accessible name, e.g. "10 of spades" (required)
//   corner:  short text in the top-left and bottom-right corners, e.g. "10"
//   centre:  larger text in the middle (default: corner)
//   shape:   a key of SHAPE_PATHS drawn under the corner and in the middle
//   colour:  ink colour (default near-black)
//   fill:    card background (default white)
//   sub:     small text under the centre (points, a card's effect)
//   code:    the game's card code: becomes data-card
//   back:    true for a face-down card (name still required: "face-down card")
//   size:    'sm' | 'md' (default) | 'lg'
//   selected, dim: booleans for styling
// }
export function card(spec) {
  const w = 60, h = 84;
  const ink = spec.colour || '#1d1d1f';
  const s = svg('svg', { viewBox: `0 0 ${w} ${h}`, 'aria-hidden': 'true', focusable: 'false' });
  if (spec.back) {
    s.append(svg('rect', { x: 1, y: 1, width: w - 2, height: h - 2, rx: 6, fill: '#24453a', stroke: '#0d2219', 'stroke-width': 1.5 }));
    s.append(svg('rect', { x: 6, y: 6, width: w - 12, height: h - 12, rx: 4, fill: 'none', stroke: '#c9b27a', 'stroke-width': 1.5 }));
    s.append(shapePath('diamond', w / 2, h / 2, 1.2, '#c9b27a'));
  } else {
    s.append(svg('rect', { x: 1, y: 1, width: w - 2, height: h - 2, rx: 6, fill: spec.fill || '#fffdf8', stroke: '#6b665c', 'stroke-width': 1.2 }));
    const corner = spec.corner ?? '';
    const centre = spec.centre ?? corner;
    if (corner !== '') {
      s.append(svg('text', { x: 5, y: 16, 'font-size': corner.length > 2 ? 10 : 13, 'font-weight': 700, fill: ink, text: corner }));
      s.append(svg('text', { x: w - 5, y: h - 6, 'font-size': corner.length > 2 ? 10 : 13, 'font-weight': 700, fill: ink, 'text-anchor': 'end', text: corner }));
    }
    if (spec.shape) {
      s.append(shapePath(spec.shape, 11, 25, 0.45, ink));
      s.append(shapePath(spec.shape, w / 2, spec.centre === '' ? h / 2 : 36, 1.25, ink));
    }
    if (centre !== '' && centre !== corner || (!spec.shape && centre !== '')) {
      const big = centre.length <= 2 ? 24 : centre.length <= 4 ? 16 : 11;
      s.append(svg('text', { x: w / 2, y: spec.shape ? 66 : 50, 'font-size': spec.shape ? Math.min(big, 16) : big,
        'font-weight': 700, fill: ink, 'text-anchor': 'middle', text: centre }));
    }
    if (spec.sub) s.append(svg('text', { x: w / 2, y: h - 16, 'font-size': 9, fill: '#444', 'text-anchor': 'middle', text: spec.sub }));
  }
  const cls = 'card' + (spec.size ? ' card-' + spec.size : '') + (spec.selected ? ' selected' : '') + (spec.dim ? ' dim' : '');
  return el('span', { class: cls, role: 'img', 'aria-label': spec.name, title: spec.name, 'data-card': spec.code }, s);
}

export function back(name, size) { return card({ back: true, name, size }); }

// A row of cards, e.g. a hand; label names the row for screen readers.
export function row(cards, label, cls = '') {
  return el('div', { class: 'cards ' + cls, role: 'list', 'aria-label': label },
    ...cards.map((c) => { const li = el('span', { role: 'listitem' }, c); return li; }));
}

// Standard playing cards ("10S", "AS", "QH", "JK"), for Rumino and Comrade.
const SUITS = {
  S: { shape: 'spade', colour: '#1d1d1f', en: 'spades', ja: 'スペード', sym: '♠' },
  H: { shape: 'heart', colour: '#c0262d', en: 'hearts', ja: 'ハート', sym: '♥' },
  D: { shape: 'diamond', colour: '#c0262d', en: 'diamonds', ja: 'ダイヤ', sym: '♦' },
  C: { shape: 'club', colour: '#1d1d1f', en: 'clubs', ja: 'クラブ', sym: '♣' },
};
const RANKS_EN = { A: 'ace', J: 'jack', Q: 'queen', K: 'king' };

export function suitInfo(letter) {
  return fourColour() && FOUR[letter] ? { ...SUITS[letter], colour: FOUR[letter].colour } : SUITS[letter];
}

export function playingCardName(code, lang) {
  if (code === 'JK') return lang === 'ja' ? 'ジョーカー' : 'joker';
  const r = code.slice(0, -1), su = SUITS[code.slice(-1)];
  if (!su) return code;
  if (lang === 'ja') return su.ja + 'の' + r;
  return (RANKS_EN[r] || r) + ' of ' + su.en;
}

// The four-colour deck (issue 24): a display setting of this person, kept
// in localStorage: diamonds blue and clubs green, so that no two suits
// share a colour (Rumino, Comrade).
const FOUR = { D: { colour: '#1f5fa8', fill: '#eef4fc' }, C: { colour: '#1e7a3c', fill: '#eef8f0' } };
export function fourColour() { return localStorage.getItem('cardhall.fourColour') === '1'; }
export function setFourColour(on) { localStorage.setItem('cardhall.fourColour', on ? '1' : '0'); }

export function playingCard(code, lang, extra = {}) {
  if (code === 'JK') return card({ corner: 'JK', centre: '★', colour: '#6a2c91', name: playingCardName(code, lang), code, ...extra });
  const r = code.slice(0, -1), letter = code.slice(-1), su = SUITS[letter];
  if (!su) return card({ corner: code, name: code, code, ...extra });
  if (fourColour() && FOUR[letter])
    return card({ corner: r, centre: r, shape: su.shape, colour: FOUR[letter].colour, fill: FOUR[letter].fill,
      name: playingCardName(code, lang), code, ...extra });
  // Red suits are also drawn on a tinted face: shape, letter and tint all differ.
  return card({ corner: r, centre: r, shape: su.shape, colour: su.colour,
    fill: su.colour === '#1d1d1f' ? '#fffdf8' : '#fff4f2', name: playingCardName(code, lang), code, ...extra });
}
