// The RAGAMARU board (boards/index.js has the contract): the table as one
// seat sees it, drawn only from the game's view JSON
// (src/games/ragamaru/view.c). Card codes are the notation's
// (docs/notation/ragamaru.md): R5, KICK-R, TMO. Words come from the rule
// book (ラグビーのカードゲーム[RAGAMARU]): 山札, 捨て札, シンビン, …
import { fill } from '../i18n.js';
import { el, svg } from '../dom.js';
import { card, back, shapePath } from '../cards.js';

// ---- Cards --------------------------------------------------------------

// Every colour has a shape and a letter too, so no card is read by colour
// alone. Yellow ink is dark ochre: plain yellow does not read on white.
const COLOURS = {
  R: { shape: 'circle', ink: '#b3261e', fill: '#fde9e7' },
  Y: { shape: 'triangle', ink: '#6f5400', fill: '#fff3bf' },
  B: { shape: 'diamond', ink: '#1f58b5', fill: '#e6eefc' },
  K: { shape: 'square', ink: '#1d1d1f', fill: '#e9e8e4' },
};
const COLOUR_ORDER = ['R', 'Y', 'B', 'K'];
// Non-number types in the order a hand lists them (the rule book's card
// list: attack, action, special).
const TYPE_ORDER = ['TRY', 'PG', 'DG', 'CONV', 'CUT', 'KICK', 'RET', 'LOOP', 'TURN', 'ADV', 'RES', 'SIN', 'RGM', 'TMO'];
const ATTACK_VALUE = { TRY: 5, PG: 3, DG: 3, CONV: 2 };
// Colourless cards get a face of their own (the Conversion is printed grey).
const SPECIAL_FILL = { CONV: '#dcdcdc', RES: '#efe6fa', TMO: '#e2f3ee', SIN: '#fbe1ea', RGM: '#fbe7a6' };
const CARD_RE = /^(?:[RYBK](?:1[0-5]|[1-9])|(?:TRY|PG|DG|CUT|KICK|RET|LOOP|TURN|ADV)-[RYBK]|CONV|RES|TMO|SIN|RGM)$/;

// A card code split up: {code, colour: 'R'|…|null, number: n|null, type}.
function parseCard(code) {
  let m = /^([RYBK])(\d+)$/.exec(code);
  if (m) return { code, colour: m[1], number: Number(m[2]), type: 'NUM' };
  m = /^([A-Z]+)-([RYBK])$/.exec(code);
  if (m) return { code, colour: m[2], number: null, type: m[1] };
  return { code, colour: null, number: null, type: code };
}

function cardName(c, t) {
  if (c.type === 'NUM') return fill(t('numberName'), { c: t('colour_' + c.colour), n: c.number });
  const type = t('type_' + c.type);
  return c.colour ? fill(t('colouredName'), { type, c: t('colour_' + c.colour) }) : type;
}

// Text laid into a card face; squeezed when it would run past the edge (a
// rough width: CJK characters are square, Latin ones about 0.6 em).
function faceText(x, y, str, size, ink, weight = 700) {
  const est = [...str].reduce((w, ch) => w + (ch.codePointAt(0) > 0x2e80 ? size : size * 0.62), 0);
  const attrs = { x, y, 'font-size': size, 'font-weight': weight, fill: ink, 'text-anchor': 'middle', text: str };
  if (est > 50) Object.assign(attrs, { textLength: 50, lengthAdjust: 'spacingAndGlyphs' });
  return svg('text', attrs);
}

// The corners every coloured card shares: the number (if any) and the
// letter top left, where a card half hidden in a row still shows them; the
// shape top right and bottom right.
function colourCorners(s, col, letter, number) {
  s.append(svg('rect', { x: 4, y: 4, width: 52, height: 76, rx: 4, fill: 'none', stroke: col.ink, 'stroke-width': 1.4 }));
  if (number) s.append(svg('text', { x: 7, y: 16, 'font-size': 11, 'font-weight': 800, fill: col.ink, text: String(number) }));
  s.append(svg('text', { x: 7, y: number ? 26 : 16, 'font-size': number ? 9 : 11, 'font-weight': 700, fill: col.ink, text: letter }));
  s.append(shapePath(col.shape, 49, 12, 0.38, col.ink));
  s.append(shapePath(col.shape, 49, 72, 0.38, col.ink));
}

function numberFace(s, c) {
  const col = COLOURS[c.colour];
  colourCorners(s, col, c.colour, c.number);
  s.append(faceText(30, 50, String(c.number), 28, col.ink, 800));
  s.append(shapePath(col.shape, 30, 66, 0.5, col.ink));
}

// Attack, action and special cards: the type word in the middle, under it
// the attack's cards to draw or a reminder of what the card does.
function wordFace(s, c, t) {
  const col = c.colour ? COLOURS[c.colour] : { ink: '#3b2a55' };
  if (c.colour) colourCorners(s, col, c.colour);
  else s.append(svg('rect', { x: 4, y: 4, width: 52, height: 76, rx: 4, fill: 'none', stroke: col.ink, 'stroke-width': 1, 'stroke-dasharray': '3 2' }));
  const lines = t('face_' + c.type).split('|');
  const top = lines.length === 1 ? 44 : 38;
  lines.forEach((line, i) => s.append(faceText(30, top + i * 13, line, 11, col.ink)));
  if (ATTACK_VALUE[c.type]) s.append(faceText(30, 70, '+' + ATTACK_VALUE[c.type], 12, col.ink, 800));
  else s.append(faceText(30, 68, t('effect_' + c.type), 8, col.ink, 600));
}

// A face-up card: data-card is the view's code exactly, the name is in the
// page language.
function faceCard(code, t, size) {
  const c = parseCard(code);
  const fill = c.colour ? COLOURS[c.colour].fill : SPECIAL_FILL[c.type] || '#fffdf8';
  const face = card({ corner: '', centre: '', fill, name: cardName(c, t), code, size });
  const s = face.querySelector('svg');
  if (c.type === 'NUM') numberFace(s, c); else wordFace(s, c, t);
  face.classList.add('rg-card');
  return face;
}

// Hands read best grouped by colour (R Y B K, then the colourless cards),
// numbers first and in order, then the other types in rule-book order.
function sortKey(code) {
  const c = parseCard(code);
  const colour = c.colour ? COLOUR_ORDER.indexOf(c.colour) : 4;
  const kind = c.type === 'NUM' ? c.number : 100 + TYPE_ORDER.indexOf(c.type);
  return colour * 1000 + kind;
}
function sortHand(codes) { return [...codes].sort((a, b) => sortKey(a) - sortKey(b)); }

// A small colour mark for text: shape + letter + word.
function colourChip(code, t) {
  if (!COLOURS[code]) return el('span', { class: 'rg-chip rg-any', text: t('colour_any') });
  const col = COLOURS[code];
  const icon = svg('svg', { viewBox: '-10 -10 20 20', class: 'rg-chip-icon', 'aria-hidden': 'true', focusable: 'false' },
    shapePath(col.shape, 0, 0, 0.85, col.ink));
  return el('span', { class: 'rg-chip rg-c-' + code }, icon, el('b', { 'aria-hidden': 'true', text: code }), ' ', t('colour_' + code));
}

// ---- Moves --------------------------------------------------------------

// The cards of the hand a move uses: the codes of a play ("R9 B9",
// "TRY-R TRY-K CONV", "SIN Y" — the trailing letter is the colour named),
// and the card of a "discard R5" after an Advantage. kickoff, declare,
// draw, pass, accept and keep use no card.
export function actionCards(action) {
  const words = String(action).trim().toUpperCase().split(/\s+/);
  if (words[0] === 'DISCARD') return CARD_RE.test(words[1] || '') ? [words[1]] : null;
  if (['KICKOFF', 'DECLARE', 'DRAW', 'PASS', 'ACCEPT', 'KEEP'].includes(words[0])) return null;
  const cards = words.filter((w) => CARD_RE.test(w));
  return cards.length ? cards : null;
}

// ---- Words --------------------------------------------------------------


// A card type's name as text. TMO and RAGAMARU are the rule book's own
// names in both languages: marked as not to be translated.
function typeWord(t, type) {
  const keep = type === 'TMO' || type === 'RGM';
  return el('span', { translate: keep ? 'no' : null, text: t('type_' + type) });
}

export const texts = {
  en: {
    colour_R: 'red', colour_Y: 'yellow', colour_B: 'blue', colour_K: 'black', colour_any: 'any colour',
    numberName: '{c} {n}', colouredName: '{type} ({c})',
    type_TRY: 'Try', type_PG: 'Penalty Goal', type_DG: 'Drop Goal', type_CONV: 'Conversion',
    type_CUT: 'Cut Pass', type_KICK: 'Kick Pass', type_RET: 'Return Pass', type_LOOP: 'Loop', type_TURN: 'Turnover',
    type_ADV: 'Advantage', type_RES: 'Reserve', type_TMO: 'TMO', type_SIN: 'Sin Bin', type_RGM: 'RAGAMARU',
    face_TRY: 'Try', face_PG: 'Penalty|Goal', face_DG: 'Drop|Goal', face_CONV: 'Conver-|sion',
    face_CUT: 'Cut|Pass', face_KICK: 'Kick|Pass', face_RET: 'Return|Pass', face_LOOP: 'Loop', face_TURN: 'Turn-|over',
    face_ADV: 'Advan-|tage', face_RES: 'Reserve', face_TMO: 'TMO', face_SIN: 'Sin|Bin', face_RGM: 'RAGA-|MARU',
    effect_CUT: 'skip 1', effect_KICK: 'skip 2', effect_RET: 'back 1', effect_LOOP: 'move seat', effect_TURN: 'reverse',
    effect_ADV: 'discard 1', effect_RES: 'name any', effect_TMO: 'cancel', effect_SIN: '2 rests', effect_RGM: 'all draw 2',
    table: 'Table', pile: 'Discard pile', pileCount: '{n} cards', noPile: 'No card played yet',
    earlier: 'Under the top card (oldest first)', stock: 'Stock', stockCount: '{n} cards',
    drawBtn: 'Draw a card', acceptBtn: 'Accept: draw {n}',
    toMatch: 'To match', colour: 'Colour', number: 'Number', cardType: 'Card', declaring: 'being named', none: '—',
    attack: '{type} attack: {n} cards to draw', converted: 'converted: only a TMO stops it',
    sinPending: 'Sin Bin: {n} rests', target: 'for {p}',
    direction: 'Direction', cw: 'clockwise ↻', ccw: 'counter-clockwise ↺', turnOrder: 'Turn order',
    kickoff: 'Kickoff', kickoffChoosing: '{c} names the colour of the first card; {f} plays first',
    kickoffDone: 'named by {c}; {f} starts', deck: 'Deck',
    deck_0: 'advanced (108 cards)', deck_1: 'advanced, no Loops (104)', deck_2: 'beginner (106)', deck_3: 'beginner, no Loops (102)',
    seats: 'Players in seating order', seatName: '{name}', cardsN: '{n} cards', cardsOne: '1 card',
    rests: 'Sin Bin: {n} to rest', drew: 'drew {n}', toMove: 'to move', you: 'you', team: 'team {n}',
    resting: 'resting', passedDry: 'passed', dry: 'Nothing left to draw: the stock and the discard pile are used up.',
    hand: 'Your hand', handOf: "{p}'s hand", drawnMark: 'drawn', noCards: 'no cards',
    ph_kickoff: '{p} names the kickoff colour', ph_play: '{p}: play cards or draw', ph_play_dry: '{p}: play cards or pass',
    ph_free: '{p}: free play, any card', ph_drawn: '{p}: play the drawn card or pass',
    ph_attack: '{p}: answer the attack or draw {n}', ph_sin: '{p}: pass the Sin Bin on, or rest {n} turns',
    ph_discard: '{p}: discard up to {n} with the Advantage, or keep', ph_declare: "{p}: declares the Reserve's colour and number",
    ph_over: 'The game is over',
    last: 'Last hand: the hands laid open', reason: 'How it ended', score: 'score {n}', won: 'won', left: 'left in hand',
  },
  ja: {
    colour_R: '赤', colour_Y: '黄', colour_B: '青', colour_K: '黒', colour_any: '自由',
    numberName: '{c}の{n}', colouredName: '{type}({c})',
    type_TRY: 'トライ', type_PG: 'ペナルティゴール', type_DG: 'ドロップゴール', type_CONV: 'コンバージョン',
    type_CUT: 'カットパス', type_KICK: 'キックパス', type_RET: 'リターンパス', type_LOOP: 'ループ', type_TURN: 'ターンオーバー',
    type_ADV: 'アドバンテージ', type_RES: 'リザーブ', type_TMO: 'TMO', type_SIN: 'シンビン', type_RGM: 'RAGAMARU',
    face_TRY: 'トライ', face_PG: 'ペナルティ|ゴール', face_DG: 'ドロップ|ゴール', face_CONV: 'コンバー|ジョン',
    face_CUT: 'カット|パス', face_KICK: 'キック|パス', face_RET: 'リターン|パス', face_LOOP: 'ループ', face_TURN: 'ターン|オーバー',
    face_ADV: 'アドバン|テージ', face_RES: 'リザーブ', face_TMO: 'TMO', face_SIN: 'シンビン', face_RGM: 'RAGA|MARU',
    effect_CUT: '1人飛ばし', effect_KICK: '2人飛ばし', effect_RET: '1つ前へ', effect_LOOP: '席順移動', effect_TURN: '逆回り',
    effect_ADV: '1枚捨てる', effect_RES: '色と数字', effect_TMO: '攻撃無効', effect_SIN: '2回休み', effect_RGM: '全員2枚',
    table: '場', pile: '捨て札', pileCount: '{n}枚', noPile: 'まだカードは出ていません',
    earlier: 'その下のカード(古い順)', stock: '山札', stockCount: '{n}枚',
    drawBtn: '1枚引く', acceptBtn: '受けて{n}枚引く',
    toMatch: '出せるカード(同じ色・同じ数字・同じカード)', colour: '色', number: '数字', cardType: 'カード', declaring: '指定中', none: 'なし',
    attack: '{type}の攻撃: {n}枚引く', converted: 'コンバージョン済み: TMOでのみ無効にできる',
    sinPending: 'シンビン: {n}回休み', target: '対象: {p}',
    direction: '順番', cw: '時計回り ↻', ccw: '反時計回り ↺', turnOrder: '手番の順',
    kickoff: 'キックオフ', kickoffChoosing: '{c}が最初のカードの色を指定します(最初に出すのは{f})',
    kickoffDone: '{c}が指定、{f}からスタート', deck: 'カード',
    deck_0: '上級編(108枚)', deck_1: '上級編・ループなし(104枚)', deck_2: '初級編(106枚)', deck_3: '初級編・ループなし(102枚)',
    seats: '席順', seatName: '{name}', cardsN: '{n}枚', cardsOne: '1枚',
    rests: 'シンビン: あと{n}回休み', drew: '引いた枚数 {n}', toMove: '手番', you: 'あなた', team: 'チーム{n}',
    resting: '休み', passedDry: 'パス済み', dry: '山札も捨て札も尽きて、引けるカードがありません。',
    hand: 'あなたの手札', handOf: '{p}の手札', drawnMark: '引いたカード', noCards: '手札なし',
    ph_kickoff: '{p}がキックオフの色を指定', ph_play: '{p}: カードを出すか山札から引く', ph_play_dry: '{p}: カードを出すかパス',
    ph_free: '{p}: 好きな手札で再スタート', ph_drawn: '{p}: 引いたカードを出すかパス',
    ph_attack: '{p}: 攻撃に応じるか、受けて{n}枚引く', ph_sin: '{p}: シンビンを続けて出すか、{n}回休み',
    ph_discard: '{p}: アドバンテージで最大{n}枚捨てるか、捨てない', ph_declare: '{p}: リザーブの色と数字を指定',
    ph_over: 'ゲーム終了',
    last: '終了時の手札を公開', reason: '終わった理由', score: '得点 {n}', won: '勝ち', left: '残りの手札',
  },
};

// The deck sizes are the cards in play, as on the board: the rule book's
// counts (109, 107, …) also hold the Kickoff card, which is never dealt.
export const lobby = {
  ja: {
    summary: 'ラグビーのカードゲーム。場と同じ色・同じ数字・同じカードを出し、攻撃カードや行動カードで相手を揺さぶり、最後は数字カードで手札を0枚に',
    labels: {
      players: '人数', deck: 'カード', first_player: '最初に出す人', teams: '団体戦',
      unlimited_multiples: '同時出しの上限なし', strict_draw: '引いたカードだけ出せる',
      free_advantage: '色に関係ないアドバンテージ', max_arrivals: '手番の上限',
    },
    options: {
      players: 'プレイヤーの人数',
      deck: '使うカード: 初級編はコンバージョンカード2枚を、ループなしはループカード4枚を抜く',
      first_player: '最初にカードを出す席(空欄: ジャンケンの代わりにランダム)',
      teams: '団体戦: チームの数(席は交互)。0 = 個人戦',
      unlimited_multiples: '数字カード以外も、同じカードを最大4枚まで同時に出せる',
      strict_draw: '山札から引いた後は、引いたカード1枚だけを出せる',
      free_advantage: 'アドバンテージカードを場の色に関係なく出せる',
      max_arrivals: '手番がこの回数まわったら引き分け(0 = 上限なし)',
    },
    choices: {
      random: 'ランダム',
      advanced: '上級編(108枚)', advanced_noloop: '上級編・ループなし(104枚)',
      beginner: '初級編(106枚)', beginner_noloop: '初級編・ループなし(102枚)',
    },
  },
};

// ---- Board --------------------------------------------------------------

// Nothing can be drawn (RG-71): no stock, and no pile under the top card.
function isDry(v) { return v.stock_count === 0 && v.discard.length <= 1; }

function seatLabel(ctx, i) { return fill(ctx.t('seatName'), { i, name: ctx.names[i] ?? '' }); }

// The sentence over the table: who is to move and what they decide.
function statusLine(ctx) {
  const v = ctx.view, t = ctx.t;
  if (v.phase === 'over') {
    const why = v.last_hand && v.last_hand.reason;
    return t('ph_over') + (why ? ': ' + (why[ctx.lang] || why.en) : '');
  }
  const p = seatLabel(ctx, v.to_move);
  const n = v.pending ? v.pending.total : 0;
  switch (v.phase) {
    case 'kickoff': return fill(t('ph_kickoff'), { p });
    case 'drawn': return fill(t('ph_drawn'), { p });
    case 'discard': return fill(t('ph_discard'), { p, n: v.discards_left });
    case 'declare': return fill(t('ph_declare'), { p });
    case 'respond': return fill(t(v.pending && v.pending.type === 'SIN' ? 'ph_sin' : 'ph_attack'), { p, n });
    default:
      if (v.colour === '*') return fill(t('ph_free'), { p });
      return fill(t(isDry(v) ? 'ph_play_dry' : 'ph_play'), { p });
  }
}

// The stock: face down with its count; a button when drawing from it (a
// draw, or taking an attack's cards) is a legal move.
function stockZone(ctx) {
  const v = ctx.view, t = ctx.t;
  const face = () => (v.stock_count > 0 ? back(t('stock'), 'lg') : el('span', { class: 'rg-empty-slot', 'aria-hidden': 'true' }));
  const asButton = (action, label) => ctx.actButton(action, label,
    el('span', { class: 'rg-stock-inner' }, face(), el('span', { class: 'rg-btn-label', text: label })));
  let btn = asButton('draw', t('drawBtn'));
  if (!btn && v.pending && v.pending.type !== 'SIN') btn = asButton('accept', fill(t('acceptBtn'), { n: v.pending.total }));
  return el('div', { class: 'rg-zone rg-stock', role: 'group', 'aria-label': t('stock') },
    el('h3', { class: 'rg-zone-h', text: t('stock') }), btn || face(),
    el('span', { class: 'rg-count', text: fill(t('stockCount'), { n: v.stock_count }) }));
}

// The discard pile: its top card large, the few under it small (every
// play is public, and a multi-card play reads better in full).
function pileZone(ctx) {
  const v = ctx.view, t = ctx.t;
  const d = v.discard || [];
  const zone = el('div', { class: 'rg-zone rg-pile', role: 'group', 'aria-label': t('pile') },
    el('h3', { class: 'rg-zone-h', text: t('pile') }));
  if (!d.length) {
    zone.append(el('span', { class: 'rg-empty-slot' }), el('span', { class: 'rg-count', text: t('noPile') }));
    return zone;
  }
  zone.append(faceCard(d[d.length - 1], t, 'lg'), el('span', { class: 'rg-count', text: fill(t('pileCount'), { n: d.length }) }));
  const before = d.slice(-5, -1);
  if (before.length) {
    zone.append(el('div', { class: 'rg-earlier cards', role: 'list', 'aria-label': t('earlier') },
      ...before.map((c) => el('span', { role: 'listitem' }, faceCard(c, t, 'sm')))));
  }
  return zone;
}

// What the next card must match (RG-3), the pending attack or Sin Bin,
// the direction, the kickoff and the deck.
function infoZone(ctx) {
  const v = ctx.view, t = ctx.t;
  const dl = el('dl', { class: 'rg-facts' });
  const fact = (term, ...value) => dl.append(el('dt', { text: term }), el('dd', {}, ...value));
  // Before the kickoff, and while a Reserve's colour is coming, there is no
  // colour yet: "*" then means "being named", not "any colour".
  const naming = v.phase === 'kickoff' || (v.phase === 'declare' && v.colour === '*');
  const colour = naming ? el('span', { text: t('declaring') }) : colourChip(v.colour, t);
  fact(t('colour'), colour);
  fact(t('number'), v.number ? el('b', { class: 'rg-num', text: String(v.number) }) : t('none'));
  fact(t('cardType'), v.set_by ? typeWord(t, v.set_by) : t('none'));
  const zone = el('div', { class: 'rg-zone rg-info', role: 'group', 'aria-label': t('toMatch') },
    el('h3', { class: 'rg-zone-h', text: t('toMatch') }), dl);
  const alert = pendingBox(ctx);
  if (alert) zone.append(alert);
  const more = el('dl', { class: 'rg-facts rg-more' });
  const add = (term, ...value) => more.append(el('dt', { text: term }), el('dd', {}, ...value));
  add(t('direction'), t(v.direction < 0 ? 'ccw' : 'cw'));
  if (v.phase !== 'over') add(t('turnOrder'), turnOrder(ctx));
  add(t('kickoff'), ...kickoffFacts(ctx));
  add(t('deck'), t('deck_' + v.deck));
  zone.append(more);
  if (isDry(v) && v.phase !== 'over') zone.append(el('p', { class: 'rg-dry', text: t('dry') }));
  return zone;
}

function pendingBox(ctx) {
  const v = ctx.view, t = ctx.t, pend = v.pending;
  if (!pend) return null;
  const sin = pend.type === 'SIN';
  const head = sin ? fill(t('sinPending'), { n: pend.total })
    : fill(t('attack'), { type: t('type_' + pend.type), n: pend.total });
  return el('p', { class: 'rg-pending' + (sin ? ' rg-sin' : ''), role: 'note' },
    el('strong', { text: head }), ' ', el('span', { text: fill(t('target'), { p: seatLabel(ctx, v.to_move) }) }),
    pend.closed ? el('span', { class: 'rg-closed', text: t('converted') }) : null);
}

// The seats in the order turns reach them, from the player to move.
function turnOrder(ctx) {
  const v = ctx.view, n = v.order.length;
  const start = Math.max(0, v.order.indexOf(v.to_move));
  const seq = [];
  for (let k = 0; k <= n; k++) seq.push(v.order[((start + k * (v.direction < 0 ? -1 : 1)) % n + n) % n]);
  // A resting seat's arrival is only a rest (RG-20): say so on the way.
  const word = (p) => ctx.names[p] + (v.rests[p] ? '(' + ctx.t('resting') + ')' : '');
  return el('span', { class: 'rg-order', text: seq.map(word).join(' → ') });
}

function kickoffFacts(ctx) {
  const v = ctx.view, t = ctx.t;
  const c = seatLabel(ctx, v.chooser), f = seatLabel(ctx, v.first);
  if (v.phase === 'kickoff') return [fill(t('kickoffChoosing'), { c, f })];
  return [colourChip(v.kickoff, t), ' ', fill(t('kickoffDone'), { c, f })];
}

// A face-down fan standing for a hand; only the count is told.
function fan(n) {
  const shown = Math.min(n, 10);
  const f = el('div', { class: 'rg-fan', 'aria-hidden': 'true' });
  for (let i = 0; i < shown; i++) f.append(back('', 'sm'));
  return f;
}

function seatBox(ctx, p) {
  const v = ctx.view, t = ctx.t;
  const turn = v.phase !== 'over' && p === v.to_move;
  const me = p === ctx.seat;
  const n = v.hand_sizes[p];
  const rests = v.rests[p];
  const head = el('div', { class: 'rg-seat-head' },
    el('span', { class: 'rg-pno', text: String(p + 1) }), ' ',
    el('span', { class: 'rg-name', text: ctx.names[p] ?? '' }),
    me ? el('span', { class: 'rg-tag', text: t('you') }) : null,
    turn ? el('span', { class: 'rg-tag rg-tag-turn', text: '▶ ' + t('toMove') }) : null);
  const known = v.hands && v.hands[p] && !me && !v.last_hand;
  const cardsView = known ? handRow(ctx, p, 'sm') : fan(n);
  const facts = el('ul', { class: 'rg-seat-facts' },
    el('li', { class: 'rg-size', text: n === 1 ? t('cardsOne') : fill(t('cardsN'), { n }) }),
    el('li', { text: fill(t('drew'), { n: v.cards_drawn[p] }) }),
    rests ? el('li', { class: 'rg-rest', text: fill(t('rests'), { n: rests }) }) : null,
    v.teams ? el('li', { text: fill(t('team'), { n: p % v.teams }) }) : null,
    v.dry_passed & (1 << p) ? el('li', { text: t('passedDry') }) : null);
  const cls = 'rg-seat' + (turn ? ' rg-turn' : '') + (me ? ' rg-me' : '') + (rests ? ' rg-resting' : '');
  return el('li', { class: cls, 'aria-current': turn ? 'true' : null }, head, cardsView, facts);
}

// Every seat in seating order (Loops change it), each with its hand count.
function seatsZone(ctx) {
  const v = ctx.view;
  return el('ol', { class: 'rg-seats', 'aria-label': ctx.t('seats') }, ...v.order.map((p) => seatBox(ctx, p)));
}

// A hand laid open (a replay with all cards open, or a player's own).
function handRow(ctx, p, size) {
  const codes = sortHand(ctx.view.hands[p] || []);
  const label = fill(ctx.t('handOf'), { p: seatLabel(ctx, p) });
  if (!codes.length) return el('p', { class: 'rg-none', text: ctx.t('noCards') });
  return el('div', { class: 'cards rg-open-hand', role: 'list', 'aria-label': label },
    ...codes.map((c) => el('span', { role: 'listitem' }, faceCard(c, ctx.t, size))));
}

// The viewer's own hand, sorted; a card some move uses is pickable. The card
// just drawn is marked (after a draw only plays with it are legal).
function myHand(ctx) {
  const v = ctx.view, t = ctx.t, p = ctx.seat;
  if (p === null || p === undefined || !v.hands || !v.hands[p] || v.last_hand) return null;
  const codes = sortHand(v.hands[p]);
  let drawn = v.phase === 'drawn' && v.to_move === p ? v.drawn : null;
  const list = el('div', { class: 'cards rg-hand-cards', role: 'list', 'aria-label': t('hand') });
  for (const code of codes) {
    const c = ctx.pickable(faceCard(code, t), code);
    const item = el('span', { role: 'listitem', class: 'rg-hand-item' }, c);
    if (code === drawn) {
      item.classList.add('rg-drawn');
      item.append(el('span', { class: 'rg-drawn-mark', text: t('drawnMark') }));
      drawn = null;
    }
    list.append(item);
  }
  // Cards no move can use step back, but only when some card can be used.
  const yours = ctx.legal.some((a) => actionCards(a.action)) ? ' rg-active' : '';
  return el('section', { class: 'hand rg-hand' + yours, 'aria-labelledby': 'rg-hand-h' },
    el('h3', { id: 'rg-hand-h', class: 'rg-zone-h', text: t('hand') + ' — ' + fill(t('cardsN'), { n: codes.length }) }), list);
}

// The end of the hand: why it ended, and every hand laid open with the
// seat's result (RG-80..RG-82: no points, only who won).
function lastHand(ctx) {
  const lh = ctx.view.last_hand, t = ctx.t;
  if (!lh) return null;
  const lang = ctx.lang === 'ja' ? 'ja' : 'en';
  const rows = el('ul', { class: 'rg-last-rows' });
  (lh.hands || []).forEach((codes, p) => {
    const bd = (lh.breakdown || [])[p] || {};
    const won = bd.won || (lh.scores || [])[p] > 0;
    const cards = codes.length
      ? el('div', { class: 'cards', role: 'list', 'aria-label': t('left') },
        ...sortHand(codes).map((c) => el('span', { role: 'listitem' }, faceCard(c, t, 'sm'))))
      : null;
    rows.append(el('li', { class: 'rg-last-row' + (won ? ' rg-won' : '') },
      el('div', { class: 'rg-last-who' },
        el('strong', { text: seatLabel(ctx, p) }),
        won ? el('span', { class: 'rg-tag rg-tag-won', text: '★ ' + t('won') }) : null,
        el('span', { class: 'rg-last-text', text: (bd.text && (bd.text[lang] || bd.text.en)) || '' }),
        el('span', { class: 'rg-last-score', text: fill(t('score'), { n: (lh.scores || [])[p] ?? 0 }) })),
      cards));
  });
  return el('section', { class: 'rg-last', 'aria-labelledby': 'rg-last-h' },
    el('h3', { id: 'rg-last-h', text: t('last') }),
    el('p', { class: 'rg-reason' }, el('span', { class: 'rg-reason-h', text: t('reason') + ': ' }),
      (lh.reason && (lh.reason[lang] || lh.reason.en)) || ''),
    rows);
}

export function render(ctx) {
  const v = ctx.view;
  if (!v || !v.order) return el('pre', { class: 'board-text', text: ctx.boardText || '' });
  const t = ctx.t;
  const felt = el('section', { class: 'rg-felt', 'aria-label': t('table') },
    el('p', { class: 'rg-status' + (ctx.legal.length ? ' rg-status-me' : ''), text: statusLine(ctx) }),
    el('div', { class: 'rg-centre' }, stockZone(ctx), pileZone(ctx), infoZone(ctx)),
    seatsZone(ctx));
  return el('div', { class: 'rg-board' + (ctx.lang === 'ja' ? ' rg-ja' : '') }, felt, lastHand(ctx), myHand(ctx));
}

// Cards for the rules page (rules.js): a number, an attack, an action card.
export function rulesCards(t) { return ['R9', 'TRY-B', 'SIN'].map((c) => faceCard(c, t)); }
