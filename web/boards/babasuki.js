// The Draft Babasuki table (ドラフト・ババスキ!), drawn from the seat's view
// (src/games/babasuki/view.c): the pack to draft from, the hands, the villain
// rows, the raid in the centre with the target's face-down hand, the secured
// piles, the discard pile, the scores and the last round's reveal.
//
// A card shows what the printed card shows: its secured points (top left,
// "左上の点数"), its hand points (top right, over a small hand of cards:
// "手札アイコンの上にある点数"), its type and No, and its suits, each as a
// shape *and* a letter, so no information rests on colour alone.
import { fill } from '../i18n.js';
import { el, svg } from '../dom.js';
import { back, row, shapePath } from '../cards.js';

export const texts = {
  en: {
    board: 'Draft Babasuki table', round: 'Round', direction: 'Direction', left: 'left (clockwise)',
    right: 'right (anticlockwise)', dealer: 'Dealer', target: 'Game ends at', pts: '{n} pts',
    suddenDeath: 'sudden death', suddenDeathOn: 'sudden death: playing on', oneShot: 'one shot',
    arranges: 'target arranges the hand', scores: 'Scores', total: 'Total', lastRoundCol: 'Last round',
    phase_draft: 'Draft', phase_acquire: 'Card acquisition', phase_raid: 'Raid', phase_arrange: 'Raid',
    phase_draw: 'Raid', phase_over: 'Game over',
    V: 'villain', H: 'hero', T: 'treasure', C: 'cat',
    suit_S: 'Sun', suit_M: 'Moon', suit_F: 'Flower', suit_W: 'Water', suits: 'suits', noSuit: 'no suit',
    secured: 'secured', handPts: 'in hand', faceDown: 'face-down card',
    hand: 'Hand', pack: 'Pack', kept: 'Kept (becomes the hand)', securedPile: 'Secured', villains: 'Villains',
    taken: 'Two cards taken', aside: 'Set aside', discardedRow: 'Discarded (face up)', known: 'You know',
    yourPack: 'Your pack: keep one card', yourTaken: 'Your two cards: keep one, the other is discarded face up',
    hasChosen: 'has chosen', passTo: 'The rest passes to {who}.', chosen: '{n} of {m} have chosen this step.',
    lastCard: 'The last card of a pack is kept without a choice.',
    acquireNote: 'Each player takes 2 cards from the deck, keeps one face down and discards the other; both discards are turned face up together.',
    discard: 'Discard pile', deck: 'Deck', empty: 'none',
    raid: 'Raid', raider: 'raider', targetSeat: 'target', toMove: 'to move',
    raidNext: '{raider} plays a villain and draws from {target}.',
    raidNoTarget: '{raider} plays a villain: nobody has a hand card to draw.',
    arranging: '{target} puts their hand in order; then {raider} draws one card.',
    drawing: '{raider} draws one card of {target}\'s hand without seeing it.',
    drawPick: 'Click a card to draw it.', centre: 'Centre',
    targetHand: '{target}\'s hand (face down)', targetHandYou: 'Your hand: {raider} draws one of these',
    placed: 'Placed, in order', toPlace: 'Still to place: pick the card for position {n}',
    lastRaid: 'Last raid', lastRaidText: '{raider} played {villain}, drew {drawn} from {target}',
    lastRaidNoDraw: '{raider} played {villain}',
    out_steal: 'treasure stolen', out_caught: 'the hero caught the villain',
    out_both_discarded: 'hero and villain discarded', out_returned: 'no common suit: the card goes back',
    out_no_target: 'no hand to draw from: the villain is discarded',
    legend: 'How to read a card', legendSecured: 'secured points', legendHand: 'hand points',
    legendTypes: 'V villain · H hero · T treasure · C cat; a villain catches a card that shares a suit',
    lastRound: 'Last round', lastRoundN: 'Scoring of round {n} (dealer {who})', handCards: 'Hand',
    securedCards: 'Secured', roundScore: 'Round', noCards: 'no cards',
  },
  ja: {
    board: 'ドラフト・ババスキ! の卓', round: 'ラウンド', direction: '受け渡し・引く向き',
    left: '左隣 (時計回り)', right: '右隣 (反時計回り)', dealer: 'ディーラー', target: '終了点数',
    pts: '{n}点', suddenDeath: 'サドンデス', suddenDeathOn: 'サドンデス中', oneShot: 'ワンショット',
    arranges: '引かれる人が手札を並べる', scores: '点数', total: '合計点数', lastRoundCol: '前ラウンド',
    phase_draft: 'カードドラフト(選抜)', phase_acquire: 'カードの入手', phase_raid: '襲撃',
    phase_arrange: '襲撃', phase_draw: '襲撃', phase_over: 'ゲーム終了',
    V: 'ヴィラン', H: 'ヒーロー', T: 'おたから', C: 'ねこ',
    suit_S: '太陽', suit_M: '月', suit_F: '花', suit_W: '水', suits: 'スート', noSuit: 'スートなし',
    secured: '確保', handPts: '手札', faceDown: '伏せたカード',
    hand: '手札', pack: 'ドラフト中の手札', kept: '【確保】したカード (新たな手札になる)', securedPile: '確保 (襲撃)',
    villains: 'ヴィラン', taken: '山札から引いた2枚', aside: '裏向きに捨てたカード', discardedRow: '捨てたカード (表向き)',
    known: '分かっているカード',
    yourPack: 'ドラフト中の手札: 好きなカード1枚を選んで【確保】', yourTaken: '引いた2枚: 1枚を【確保】し、もう1枚は表向きに捨てる',
    hasChosen: '選んだ', passTo: '残りのカードは {who} に渡します。', chosen: 'このステップで {m} 人中 {n} 人が選びました。',
    lastCard: '最後に渡された1枚は無条件に【確保】します。',
    acquireNote: '山札から2枚引き、片方を裏向きに【確保】、もう片方を捨てます。捨てたカードは2人同時に表向きにします。',
    discard: '捨て札', deck: '山札', empty: 'なし',
    raid: '襲撃', raider: '襲撃する人', targetSeat: '引かれる人', toMove: '手番',
    raidNext: '{raider} がヴィランを中央に出し、{target} の手札から1枚引きます。',
    raidNoTarget: '{raider} がヴィランを出します。引ける手札を持つ人はいません。',
    arranging: '{target} が手札を並べ替え、そのあと {raider} が1枚引きます。',
    drawing: '{raider} が {target} の手札から見ないで1枚引きます。',
    drawPick: '引くカードをクリックしてください。', centre: '中央',
    targetHand: '{target} の手札 (裏向き)', targetHandYou: 'あなたの手札: {raider} がこの中から1枚引きます',
    placed: '並べたカード (順番どおり)', toPlace: '{n} 枚目に置くカードを選んでください',
    lastRaid: '前の襲撃', lastRaidText: '{raider} が {villain} を出し、{target} から {drawn} を引いた',
    lastRaidNoDraw: '{raider} が {villain} を出した',
    out_steal: 'おたからを奪った', out_caught: 'ヒーローがヴィランを捕まえた',
    out_both_discarded: 'ヒーローとヴィランが捨て札', out_returned: '共通するスートなし、カードは手札に戻る',
    out_no_target: '引ける手札がなく、ヴィランは捨て札',
    legend: 'カードの見かた', legendSecured: '確保したときの点数 (左上)', legendHand: '手札にあるときの点数 (手札アイコンの上)',
    legendTypes: 'V ヴィラン・H ヒーロー・T おたから・C ねこ。スートが1つでも共通すれば一致',
    lastRound: '前ラウンド', lastRoundN: 'ラウンド {n} の点数計算 (ディーラー {who})', handCards: '手札',
    securedCards: '確保', roundScore: 'ラウンド', noCards: 'カードなし',
  },
};

export const lobby = {
  ja: {
    summary: 'カードドラフトで手札を作り、ヴィランで隣の人の手札から引くババ抜き勝負。100点に達したら終了',
    labels: {
      players: '人数', cards: 'カードデータ', relaxed: '枚数を問わない', sudden_death: 'サドンデス',
      one_shot: 'ワンショット', target_arranges: '引かれる人が並べる', target_score: '終了点数',
      max_rounds: 'ラウンド上限', first_dealer: '最初のディーラー',
    },
    options: {
      players: 'プレイ人数 (2人は専用ルール「カードの入手」)',
      cards: 'カードデータのファイル (CSV)。空なら標準のカード',
      relaxed: 'カードファイルの種類ごとの枚数を問わない',
      sudden_death: 'サドンデス: 合計点数のトップが同点なら、単独トップが出るまでラウンドを続ける',
      one_shot: 'ワンショット: 1ラウンドだけで勝敗を決める',
      target_arranges: '引かれる前に、引かれる人が手札の順番を決める (オフなら手札はランダムに混ざる)',
      target_score: '誰かの合計点数がこの点数に達したらゲーム終了',
      max_rounds: 'ラウンド数の上限 (0 = なし)',
      first_dealer: '最初のディーラーの席',
    },
    choices: { random: 'ランダム' },
  },
};

// ---- small helpers ----

function byNo(a, b) { return Number(a.slice(1)) - Number(b.slice(1)); }
const sorted = (codes) => [...codes].sort(byNo);

// The next seat in the round's direction (DB-1, DB-5): left = clockwise = +1.
function neighbour(v, p, k = 1) {
  const step = v.direction === 'left' ? 1 : -1;
  return (((p + step * k) % v.players) + v.players) % v.players;
}

// Who a villain played now would draw from (DB-23): the first seat in the
// round's direction, other than the raider, with a hand card; null if none.
function nextTarget(v, raider) {
  for (let k = 1; k < v.players; k++) {
    const p = neighbour(v, raider, k);
    if (v.seats[p].hand_count > 0) return p;
  }
  return null;
}

// view.chosen is a bit mask: bit p set = seat p has chosen in this draft step.
const hasChosen = (v, p) => (v.phase === 'draft' || v.phase === 'acquire') && ((v.chosen >> p) & 1) === 1;
function chosenCount(v) {
  let n = 0;
  for (let p = 0; p < v.players; p++) if (hasChosen(v, p)) n++;
  return n;
}

const isRaid = (v) => v.phase === 'raid' || v.phase === 'arrange' || v.phase === 'draw';

// ---- cards ----

// Suits of the default deck get their own shape and colour; a suit letter of
// a custom card file gets a spare shape. The letter is always written too.
const SUIT_LOOK = {
  S: { shape: 'circle', colour: '#c25400' },
  M: { shape: 'star', colour: '#4a3d9a' },
  F: { shape: 'club', colour: '#2c7a31' },
  W: { shape: 'diamond', colour: '#1560b0' },
};
const SPARE_SHAPES = ['triangle', 'square', 'hexagon', 'cross', 'heart', 'spade'];
function suitLook(letter) {
  return SUIT_LOOK[letter] || { shape: SPARE_SHAPES[(letter.charCodeAt(0) - 65) % SPARE_SHAPES.length], colour: '#3b3b3b' };
}

// Villains are the red cards of the rule book; every type also has its
// letter and its name on the card.
const TYPE_LOOK = {
  V: { fill: '#fde0dc', edge: '#b3261e', ink: '#8c1d18' },
  H: { fill: '#dfeafa', edge: '#1f5fa8', ink: '#17477e' },
  T: { fill: '#fff0c2', edge: '#a67c00', ink: '#634a00' },
  C: { fill: '#eaf0e2', edge: '#5b7a3a', ink: '#3d5527' },
};

// code -> {type, suits: [letters], secured, hand}, from the view's card list.
function cardInfo(v) {
  const m = new Map();
  for (const c of v.cards || []) {
    m.set(c.card, { type: c.card[0], suits: c.suits === '-' ? [] : [...c.suits], secured: c.secured, hand: c.hand });
  }
  return m;
}

function suitName(t, s) {
  const k = 'suit_' + s;
  const n = t(k);
  return n === k ? s : n;
}

function cardName(b, code) {
  const c = b.info.get(code);
  const { t } = b;
  if (!c) return code;
  const suits = c.suits.length ? t('suits') + ': ' + c.suits.map((s) => suitName(t, s)).join(b.ja ? '・' : ', ') : t('noSuit');
  // Named as a player says it ("Villain 9"), never by its code ("V9").
  const type = t(c.type), no = code.slice(1);
  return b.ja
    ? `${type}${no}、${suits}、${t('secured')} ${c.secured}点・${t('handPts')} ${c.hand}点`
    : `${type[0].toUpperCase() + type.slice(1)} ${no}; ${suits}; ${t('secured')} ${c.secured}, ${t('handPts')} ${c.hand}`;
}

// A tiny fan of two cards: the rule book's hand icon under the hand points.
function handIcon(x, y, colour) {
  return svg('g', { transform: `translate(${x} ${y})`, fill: '#fff', stroke: colour, 'stroke-width': 0.9 },
    svg('rect', { x: -4.5, y: 0, width: 5, height: 7, rx: 0.8, transform: 'rotate(-14 -2 7)' }),
    svg('rect', { x: -0.5, y: 0, width: 5, height: 7, rx: 0.8, transform: 'rotate(14 2 7)' }));
}

function suitMarks(c, look) {
  const g = svg('g');
  if (!c.suits.length) {
    g.append(svg('text', { x: 30, y: 70, 'font-size': 14, 'text-anchor': 'middle', fill: look.ink, text: '—' }));
    return g;
  }
  const gap = 13, x0 = 30 - ((c.suits.length - 1) * gap) / 2;
  c.suits.forEach((s, i) => {
    const l = suitLook(s);
    g.append(shapePath(l.shape, x0 + i * gap, 62, 0.55, l.colour));
    g.append(svg('text', { x: x0 + i * gap, y: 79, 'font-size': 9, 'font-weight': 700, 'text-anchor': 'middle', fill: l.colour, text: s }));
  });
  return g;
}

// A face-up card: the same <span class="card"> contract as cards.js, with
// data-card the view's own code ("H9").
function face(b, code, extraClass = '') {
  const c = b.info.get(code) || { type: code[0], suits: [], secured: '?', hand: '?' };
  const look = TYPE_LOOK[c.type] || TYPE_LOOK.C;
  const s = svg('svg', { viewBox: '0 0 60 84', 'aria-hidden': 'true', focusable: 'false' },
    svg('rect', { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: look.fill, stroke: look.edge, 'stroke-width': 2 }),
    svg('rect', { x: 3.5, y: 3.5, width: 17, height: 15, rx: 3, fill: '#fff', stroke: look.edge, 'stroke-width': 1 }),
    svg('text', { x: 12, y: 15, 'font-size': 11, 'font-weight': 700, 'text-anchor': 'middle', fill: look.ink, text: String(c.secured) }),
    svg('text', { x: 47, y: 12, 'font-size': 11, 'font-weight': 700, 'text-anchor': 'middle', fill: look.ink, text: String(c.hand) }),
    handIcon(47, 14, look.edge),
    svg('text', { x: 30, y: 41, 'font-size': 16, 'font-weight': 700, 'text-anchor': 'middle', fill: look.ink, text: code }),
    svg('text', { x: 30, y: 51, 'font-size': 8, 'text-anchor': 'middle', fill: look.ink, text: b.t(c.type) }),
    suitMarks(c, look));
  const name = cardName(b, code);
  return el('span', { class: 'card db-card db-' + c.type + (extraClass ? ' ' + extraClass : ''),
    role: 'img', 'aria-label': name, title: name, 'data-card': code }, s);
}

// Face-down cards carry nothing but their count.
function backs(b, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(back(b.t('faceDown')));
  return out;
}

function cardRow(b, codes, label, cls = '', pick = false) {
  const cards = codes.map((c) => (pick ? b.ctx.pickable(face(b, c), c) : face(b, c)));
  return row(cards, label, cls);
}

// A labelled zone: a small heading and its cards (or "none").
function zone(b, label, content, cls = '') {
  return el('div', { class: 'db-zone ' + cls },
    el('div', { class: 'db-zone-h', text: label }), content || el('span', { class: 'db-none', text: b.t('empty') }));
}

// ---- the status bar and the scores ----

function statusBar(b) {
  const { v, t, ctx } = b;
  const items = [
    el('span', { class: 'db-phase', text: t('phase_' + v.phase) }),
    el('span', { text: t('round') + ' ' + v.round }),
    el('span', { text: t('direction') + ': ' + (v.direction === 'left' ? '⟳ ' + t('left') : '⟲ ' + t('right')) }),
    el('span', { text: t('dealer') + ': ' + ctx.seatLabel(v.dealer) }),
    el('span', { text: t('target') + ': ' + fill(t('pts'), { n: v.target_score }) }),
  ];
  if (v.one_shot) items.push(el('span', { class: 'board-opt', text: t('oneShot') }));
  if (v.sudden_death) items.push(el('span', { class: 'board-opt', text: t(v.sudden_death_active ? 'suddenDeathOn' : 'suddenDeath') }));
  if (v.target_arranges) items.push(el('span', { class: 'board-opt', text: t('arranges') }));
  return el('div', { class: 'board-status' }, ...items);
}

function scoreTable(b) {
  const { v, t, ctx } = b;
  const head = el('tr', {}, el('th', { scope: 'col', text: '' }), el('th', { scope: 'col', text: t('total') }),
    el('th', { scope: 'col', text: t('lastRoundCol') }));
  const body = el('tbody');
  for (let p = 0; p < v.players; p++) {
    const last = v.rounds_done ? `${v.last_secured[p]} + ${v.last_hand_score[p]} = ${v.last_round[p]}` : '—';
    body.append(el('tr', { class: p === ctx.seat ? 'me-row' : '' },
      el('th', { scope: 'row', text: ctx.seatLabel(p) }),
      el('td', { class: 'num', text: String(v.totals[p]) }),
      el('td', { class: 'num', text: last })));
  }
  return el('table', { class: 'board-scores', 'aria-label': t('scores') }, el('thead', {}, head), body);
}

// ---- seats ----

function badges(b, p) {
  const { v, t, ctx } = b;
  const out = [];
  if (p === v.dealer) out.push(el('span', { class: 'db-badge', text: t('dealer') }));
  if (hasChosen(v, p)) out.push(el('span', { class: 'db-badge db-badge-chosen', text: '✓ ' + t('hasChosen') }));
  if (isRaid(v) && p === v.raider) out.push(el('span', { class: 'db-badge db-badge-raid', text: t('raider') }));
  if (isRaid(v) && v.target === p && v.centre) out.push(el('span', { class: 'db-badge db-badge-target', text: t('targetSeat') }));
  if (ctx.toMove === p && v.phase !== 'over') out.push(el('span', { class: 'db-badge db-badge-move', text: t('toMove') }));
  return out;
}

// A hidden zone of another seat as this viewer sees it: one back per card,
// and the cards the viewer knows are there (2 players: deduced) face up
// beside them. In an open replay every card is face up.
function hiddenZone(b, p, key, label) {
  const s = b.v.seats[p];
  const n = s[key + '_count'] || 0;
  const known = sorted(s[key] || []);
  if (!n) return null;
  // Face up in an open replay, and once the round's end has turned every card over.
  if (b.ctx.open || (b.v.phase === 'over' && known.length === n)) return zone(b, label + ' (' + n + ')', cardRow(b, known, label, 'db-small'));
  const box = zone(b, label + ' (' + n + ')', row(backs(b, n), label, 'db-backs'));
  if (known.length) box.append(el('div', { class: 'db-known' }, el('span', { class: 'db-zone-h', text: b.t('known') }), cardRow(b, known, b.t('known'), 'db-small')));
  return box;
}

function publicZone(b, codes, label, cls = 'db-small') {
  if (!codes || !codes.length) return null;
  return zone(b, label + ' (' + codes.length + ')', cardRow(b, codes, label, cls));
}

// Another seat (or any seat in an open replay, or for a spectator).
function otherSeat(b, p) {
  const { t } = b;
  const s = b.v.seats[p];
  const box = el('section', { class: 'db-seat' + (b.ctx.toMove === p ? ' db-turn' : ''), 'aria-label': b.ctx.seatLabel(p) },
    el('h3', { class: 'db-seat-h' }, el('span', { text: b.ctx.seatLabel(p) }), ...badges(b, p)));
  box.append(el('div', { class: 'db-zones' }, ...[
    hiddenZone(b, p, 'pack', t('pack')),
    hiddenZone(b, p, 'kept', t('kept')),
    hiddenZone(b, p, 'taken', t('taken')),
    hiddenZone(b, p, 'aside', t('aside')),
    publicZone(b, s.discarded, t('discardedRow')),
    hiddenZone(b, p, 'hand', t('hand')),
    publicZone(b, s.villains, t('villains')),
    publicZone(b, s.secured, t('securedPile')),
  ].filter(Boolean)));
  return box;
}

// The viewer's own hand: sorted by No, except while the viewer, as the
// target, sets its order for the draw (DB-V3): then the placed cards come
// first in their order and the rest are picked one by one ("put ...").
function ownHand(b, p) {
  const { v, t } = b;
  const hand = v.seats[p].hand;
  if (v.target_arranges && v.target === p && (v.phase === 'arrange' || v.phase === 'draw') && v.centre) {
    const k = v.phase === 'arrange' ? v.arranged : hand.length;
    const box = el('div', { class: 'db-zone db-arrange' });
    box.append(zone(b, t('placed'), k ? row(hand.slice(0, k).map((c, i) => el('span', { class: 'db-pos' },
      el('span', { class: 'db-pos-n', text: String(i + 1) }), face(b, c))), t('placed'), 'db-hand') : null));
    if (k < hand.length) {
      box.append(zone(b, fill(t('toPlace'), { n: k + 1 }), cardRow(b, sorted(hand.slice(k)), t('hand'), 'hand db-hand', true)));
    }
    return box;
  }
  return zone(b, t('hand') + ' (' + hand.length + ')', hand.length ? cardRow(b, sorted(hand), t('hand'), 'hand db-hand', true) : null);
}

function mySeat(b, p) {
  const { v, t } = b;
  const s = v.seats[p];
  const box = el('section', { class: 'db-seat db-mine' + (b.ctx.toMove === p ? ' db-turn' : ''), 'aria-label': b.ctx.seatLabel(p) },
    el('h3', { class: 'db-seat-h' }, el('span', { text: b.ctx.seatLabel(p) }), ...badges(b, p)));
  if (v.phase === 'draft') {
    if (s.pack_count) box.append(zone(b, t('yourPack') + ' (' + s.pack_count + ')', cardRow(b, sorted(s.pack), t('pack'), 'hand db-hand', true)));
    box.append(zone(b, t('kept') + ' (' + s.kept_count + ')', s.kept_count ? cardRow(b, sorted(s.kept), t('kept'), 'db-mid') : null));
  } else if (v.phase === 'acquire') {
    if (s.taken_count) box.append(zone(b, t('yourTaken'), cardRow(b, sorted(s.taken), t('taken'), 'hand db-hand', true)));
    box.append(zone(b, t('kept') + ' (' + s.kept_count + ')', s.kept_count ? cardRow(b, sorted(s.kept), t('kept'), 'db-mid') : null));
    if (s.aside_count) box.append(zone(b, t('aside'), cardRow(b, s.aside, t('aside'), 'db-mid')));
    const d = publicZone(b, s.discarded, t('discardedRow'));
    if (d) box.append(d);
  } else {
    box.append(ownHand(b, p));
    // Own villains are picked like hand cards ("play V3").
    if (s.villains.length) box.append(zone(b, t('villains') + ' (' + s.villains.length + ')', cardRow(b, sorted(s.villains), t('villains'), 'hand db-mid', true)));
    const sec = publicZone(b, s.secured, t('securedPile'), 'db-mid');
    if (sec) box.append(sec);
  }
  return box;
}

// ---- the centre of the table ----

function draftNote(b) {
  const { v, t, ctx } = b;
  const out = el('div', { class: 'db-note' });
  if (v.phase === 'draft') {
    if (ctx.seat !== null && ctx.seat !== undefined) out.append(el('p', { text: fill(t('passTo'), { who: ctx.seatLabel(neighbour(v, ctx.seat)) }) }));
    out.append(el('p', { text: fill(t('chosen'), { n: chosenCount(v), m: v.players }) }), el('p', { class: 'db-sub', text: t('lastCard') }));
  } else {
    out.append(el('p', { text: t('acquireNote') }), el('p', { text: fill(t('chosen'), { n: chosenCount(v), m: v.players }) }));
  }
  return out;
}

function raidText(b) {
  const { v, t, ctx } = b;
  const raider = ctx.seatLabel(v.raider);
  if (v.phase === 'arrange') return fill(t('arranging'), { raider, target: ctx.seatLabel(v.target) });
  if (v.phase === 'draw') return fill(t('drawing'), { raider, target: ctx.seatLabel(v.target) });
  const tg = nextTarget(v, v.raider);
  return tg === null ? fill(t('raidNoTarget'), { raider }) : fill(t('raidNext'), { raider, target: ctx.seatLabel(tg) });
}

// The hand a villain draws from: backs by position; in the draw step of
// "target arranges" each back is the raider's "draw k" button.
function targetHand(b, p) {
  const { v, t, ctx } = b;
  const n = v.seats[p].hand_count;
  if (p === ctx.seat) return el('p', { class: 'db-target', text: fill(t('targetHandYou'), { raider: ctx.seatLabel(v.raider) }) + ' (' + n + ')' });
  const label = fill(t('targetHand'), { target: ctx.seatLabel(p) }) + ' (' + n + ')';
  if (ctx.open) return zone(b, label, cardRow(b, v.seats[p].hand, label), 'db-target');
  // While the order counts (the draw step), each back carries its position.
  const cards = backs(b, n).map((c, i) => {
    if (v.phase !== 'draw') return c;
    const k = i + 1;
    return el('span', { class: 'db-pos' }, el('span', { class: 'db-pos-n', 'aria-hidden': 'true', text: String(k) }),
      ctx.actButton('draw ' + k, String(k), c) || c);
  });
  const box = zone(b, label, row(cards, label, 'db-backs db-draw'), 'db-target');
  if (v.phase === 'draw' && ctx.legal.length) box.append(el('p', { class: 'db-sub', text: t('drawPick') }));
  return box;
}

function lastRaid(b) {
  const { v, t, ctx } = b;
  const l = v.last_raid;
  if (!l || !(isRaid(v) || v.phase === 'over')) return null;
  const vals = { raider: ctx.seatLabel(l.raider), villain: l.villain[0], target: l.target !== undefined ? ctx.seatLabel(l.target) : '', drawn: l.drawn ? l.drawn[0] : '' };
  const cards = [face(b, l.villain[0])];
  if (l.drawn) cards.push(face(b, l.drawn[0]));
  return el('div', { class: 'db-zone db-lastraid' },
    el('div', { class: 'db-zone-h', text: t('lastRaid') }),
    row(cards, t('lastRaid'), 'db-mid'),
    el('p', { text: fill(t(l.drawn ? 'lastRaidText' : 'lastRaidNoDraw'), vals) + ' — ' + t('out_' + l.outcome) }));
}

function centre(b) {
  const { v, t } = b;
  const box = el('section', { class: 'db-centre', 'aria-label': t('centre') });
  const piles = el('div', { class: 'db-piles' });
  if (v.players === 2 && (v.deck_count || (v.deck && v.deck.length))) {
    const n = v.deck_count ?? v.deck.length;
    piles.append(zone(b, t('deck') + ' (' + n + ')', row([back(t('faceDown'))], t('deck'), 'db-mid'), 'db-deck'));
  }
  piles.append(zone(b, t('discard') + ' (' + v.discard.length + ')', v.discard.length ? cardRow(b, v.discard, t('discard'), 'db-small') : null, 'db-discard'));
  box.append(piles);
  if (v.phase === 'draft' || v.phase === 'acquire') box.append(draftNote(b));
  if (isRaid(v)) {
    const raid = el('div', { class: 'db-raid' }, el('h3', { class: 'db-raid-h', text: t('raid') }), el('p', { text: raidText(b) }));
    if (v.centre) raid.append(zone(b, t('centre'), row([face(b, v.centre[0])], t('centre'), 'db-mid')));
    const tg = v.centre ? v.target : nextTarget(v, v.raider);
    if (tg !== null && tg !== undefined) raid.append(targetHand(b, tg));
    box.append(raid);
  }
  const lr = lastRaid(b);
  if (lr) box.append(lr);
  return box;
}

// ---- legend and the last round ----

function legend(b) {
  const { t } = b;
  const mini = (...kids) => svg('svg', { viewBox: '0 0 20 20', width: 18, height: 18, 'aria-hidden': 'true' }, ...kids);
  const items = [
    el('span', {}, mini(svg('rect', { x: 2, y: 3, width: 16, height: 14, rx: 3, fill: '#fff', stroke: '#555' }),
      svg('text', { x: 10, y: 14, 'font-size': 10, 'text-anchor': 'middle', 'font-weight': 700, text: '7' })), ' ' + t('legendSecured')),
    el('span', {}, mini(handIcon(10, 7, '#555')), ' ' + t('legendHand')),
  ];
  for (const s of ['S', 'M', 'F', 'W']) {
    const l = suitLook(s);
    items.push(el('span', {}, mini(shapePath(l.shape, 10, 10, 0.8, l.colour)), ' ' + s + ' ' + suitName(t, s)));
  }
  return el('details', { class: 'db-legend' }, el('summary', { text: t('legend') }),
    el('div', { class: 'db-legend-items' }, ...items), el('p', { text: t('legendTypes') }));
}

// The end-of-round reveal (DB-31): every hand and secured pile face up with
// each seat's breakdown, from view.last_hand.
function lastRound(b) {
  const { v, t, ctx } = b;
  const lh = v.last_hand;
  if (!lh) return null;
  const box = el('section', { class: 'db-last', 'aria-labelledby': 'db-last-h' },
    el('h3', { id: 'db-last-h', text: t('lastRound') + ': ' + fill(t('lastRoundN'), { n: lh.hand, who: ctx.seatLabel(lh.dealer) }) }),
    el('p', { class: 'db-sub', text: lh.reason[b.lang] || lh.reason.en }));
  for (let p = 0; p < lh.hands.length; p++) {
    const bd = lh.breakdown[p];
    const hand = sorted(lh.hands[p]), sec = lh.secured[p];
    box.append(el('div', { class: 'db-last-seat' },
      el('div', { class: 'db-last-name' }, el('strong', { text: ctx.seatLabel(p) }),
        el('span', { class: 'db-last-score', text: t('roundScore') + ' ' + fill(t('pts'), { n: lh.scores[p] }) })),
      el('div', { class: 'db-last-cards' },
        zone(b, t('handCards') + ' +' + bd.hand, hand.length ? cardRow(b, hand, t('handCards'), 'db-small') : el('span', { class: 'db-none', text: t('noCards') })),
        zone(b, t('securedCards') + ' +' + bd.secured, sec.length ? cardRow(b, sec, t('securedCards'), 'db-small') : el('span', { class: 'db-none', text: t('noCards') }))),
      el('div', { class: 'db-sub', text: bd.text[b.lang] || bd.text.en })));
  }
  return box;
}

// ---- the board ----

export function render(ctx) {
  const v = ctx.view;
  const b = { ctx, v, t: ctx.t, lang: ctx.lang, ja: ctx.lang === 'ja', info: cardInfo(v) };
  const { me, others } = ctx;
  const seated = me !== null;
  return el('div', { class: 'db-board', role: 'region', 'aria-label': ctx.t('board') },
    el('div', { class: 'board-top' }, statusBar(b), scoreTable(b)),
    el('div', { class: 'db-felt' },
      el('div', { class: 'db-others' }, ...others.map((p) => otherSeat(b, p))),
      centre(b),
      seated ? mySeat(b, me) : null),
    legend(b),
    lastRound(b));
}

// The cards of the viewer's hand (or pack, or villain row) a move uses:
// "keep H9", "put T21" and "play V3" name one card; "draw 3" names none.
export function actionCards(action) {
  const m = /^\s*(keep|put|play)\s*([A-Za-z]\d+)\s*$/i.exec(action);
  return m ? [m[2].toUpperCase()] : null;
}

// Cards for the rules page (rules.js), with the default deck's values: a
// villain, a hero and a treasure that share the Sun suit, and a cat.
export function rulesCards(t, lang) {
  const info = new Map([['V1', { type: 'V', suits: ['S'], secured: 3, hand: 0 }], ['H8', { type: 'H', suits: ['S'], secured: 4, hand: 2 }],
    ['T15', { type: 'T', suits: ['S'], secured: 7, hand: 3 }], ['C22', { type: 'C', suits: [], secured: 2, hand: 2 }]]);
  const b = { t, info, ja: lang === 'ja' };
  return ['V1', 'H8', 'T15', 'C22'].map((c) => face(b, c));
}
