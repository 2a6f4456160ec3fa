// The Rack-O table (ラックオー), drawn from the seat's view
// (src/games/racko/view.c): the viewer's rack of ten slots from #5 (front)
// to #50 (back), the other racks face down (a slot whose card everyone saw
// go in stays face up), the deck and the discard pile, the card in hand,
// the scores and the last round's reveal.
//
// Moves are played on the table itself: the deck ("draw") and the discard
// pile ("take") are buttons, and so is every slot ("swap 5" … "swap 50")
// while the card in hand may go in; the same moves are also listed below
// the board by the table page.
import { fill } from '../i18n.js';
import { el, svg } from '../dom.js';
import { back, row } from '../cards.js';

const slotLabel = (i) => '#' + 5 * (i + 1);

export const texts = {
  en: {
    board: 'Rack-O table', round: 'Round', dealer: 'Dealer', turns: 'Turns this round', target: 'Game ends at',
    pts: '{n} pts', scores: 'Scores', total: 'Total', lastRoundCol: 'Last round', team: 'Team',
    opt_optional_declare: 'declaring is optional',
    partnership: 'partnership: seats 1+3 against 2+4', dealerDraw: 'Dealer draw',
    card: 'card {n}', faceDown: 'face-down card',
    yourRack: 'Your rack', rackOf: 'Rack of {who}', front: '#5 front', backEnd: '#50 back',
    knownNote: 'Face up: cards everyone saw go in (taken from the discard pile).',
    inOrder: 'In order from #5: {n} × 5 = {p} pts', holding: 'holds a Rack-O, not declared',
    deck: 'Deck', cardsN: '{n} cards', deckKnown: 'order known: next is {n}', discard: 'Discard pile',
    drawDeck: 'Draw from the deck', takeDiscard: 'Take the top discard', inHand: 'Your card in hand',
    inHandOf: 'Card in hand of {who}', discardIt: 'Discard it', declare: 'Declare Rack-O!', endTurn: 'End the turn without declaring',
    prompt_start: 'Your turn: draw from the deck or take the top discard.',
    prompt_taken: 'Put the taken card in a slot: click the slot. Its card goes to the discard pile.',
    prompt_drawn: 'Put the drawn card in a slot (click the slot), or discard it.',
    prompt_declare: 'Your rack is a Rack-O: declare it, or end the turn and keep playing.',
    toMove: 'to move', dealerBadge: 'dealer', empty: 'empty',
    lastRound: 'Last round', lastRoundN: 'Round {n}', declarer: 'Rack-O!', roundPts: 'Round: {n} pts',
    run: 'longest run: {n}',
  },
  ja: {
    board: 'ラックオーの卓', round: 'ラウンド', dealer: 'ディーラー', turns: 'このラウンドの手番数', target: '目標',
    pts: '{n}点', scores: '得点', total: '合計', lastRoundCol: '前ラウンド', team: 'チーム',
    opt_optional_declare: '2人プレイ: 宣言は任意',
    partnership: 'パートナー戦: 席1+席3 対 席2+席4', dealerDraw: 'ディーラー決めで引いたカード',
    card: 'カード {n}', faceDown: '伏せたカード',
    yourRack: 'あなたのラック', rackOf: '{who} のラック', front: '#5 手前', backEnd: '#50 奥',
    knownNote: '表向き: 捨て札から取って入れるのを全員が見たカード',
    inOrder: '#5 から昇順 {n} 枚 = {p}点', holding: 'ラックオー完成 (未宣言)',
    deck: '山札', cardsN: '{n}枚', deckKnown: '順番は公開: 次は {n}', discard: '捨て札',
    drawDeck: '山札から引く', takeDiscard: '捨て札を取る', inHand: 'あなたが引いたカード',
    inHandOf: '{who} が引いたカード', discardIt: '捨てる', declare: '「ラックオー」を宣言', endTurn: '宣言せずに手番を終える',
    prompt_start: 'あなたの番です: 山札から引くか、捨て札の一番上を取ってください。',
    prompt_taken: '取ったカードを入れるスロットをクリックしてください。元のカードは捨て札になります。',
    prompt_drawn: '引いたカードを入れるスロットをクリックするか、捨ててください。',
    prompt_declare: 'ラックオーが完成しています: 宣言するか、宣言せずに手番を終えてください。',
    toMove: '手番', dealerBadge: 'ディーラー', empty: 'なし',
    lastRound: '前ラウンド', lastRoundN: 'ラウンド {n}', declarer: 'ラックオー!', roundPts: 'ラウンド: {n}点',
    run: '最長のラン: {n}枚',
  },
};

export const lobby = {
  ja: {
    summary: '10枚のカードを手前から昇順に並べて「ラックオー」を目指す。合計500点に最初に到達した人の勝ち',
    labels: {
      players: '人数', target_score: '目標点', first_dealer: '最初のディーラー', bonus_racko: 'ボーナスラックオー',
      two_player_rule: '2人プレイのルール', partnership: 'パートナー戦', tie_rule: '同点のとき',
      max_turns_per_round: '手番の上限',
    },
    options: {
      players: 'プレイ人数 (2人: 1〜40、3人: 1〜50、4人: 1〜60 のカード)',
      target_score: '合計がこの点数に到達したらゲーム終了',
      first_dealer: '最初にディーラーになる席 (空欄: 1枚ずつ引き、最も高いカードの人)',
      bonus_racko: 'ラックオーを完成させた人は、3枚以上のラン (連続した数値) でボーナス点を得る',
      two_player_rule: '2人プレイのみ: ラックオーの宣言を任意にする、または3枚のランを必須にする',
      partnership: '4人プレイのみ: 向かい合った席 (P0とP2、P1とP3) でチームを組み、チームの合計点で競う',
      tie_rule: '最高点が同点のとき: 勝利を分け合う、またはラウンドを続ける',
      max_turns_per_round: 'この手番数で宣言がなければ、そのラウンドは無効 (シミュレーション用)',
    },
    choices: {
      random: 'ランダム',
      none: 'なし', optional_declare: '宣言は任意', run_required: '3枚のランが必要',
      shared: '勝利を分け合う', play_on: 'ラウンドを続ける',
    },
  },
};

// ---- helpers ----

// The cards in use: 1..40, 1..50 or 1..60 for 2, 3 or 4 players (RK-10).
const deckSize = (v) => 20 + 10 * v.players;

// How many cards rise from #5 (RK-1); null when a slot is unknown.
function risingPrefix(rack) {
  if (rack.some((c) => c === null || c === undefined)) return null;
  let k = 1;
  while (k < rack.length && Number(rack[k]) > Number(rack[k - 1])) k++;
  return k;
}

// A Rack-O card: its number large and in two corners, and under it a bar
// with a mark at the number's place in the deck, as the printed cards show
// how far along the rack a number belongs.
function face(b, n, size = '') {
  const num = Number(n), frac = Math.min(1, Math.max(0, (num - 1) / (deckSize(b.v) - 1)));
  const hue = 200 - 160 * frac;
  const s = svg('svg', { viewBox: '0 0 60 84', 'aria-hidden': 'true', focusable: 'false' },
    svg('rect', { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: '#fffdf8', stroke: '#6b665c', 'stroke-width': 1.2 }),
    svg('rect', { x: 1, y: 1, width: 58, height: 9, rx: 4, fill: `hsl(${hue} 55% 45%)` }),
    svg('text', { x: 5, y: 22, 'font-size': 11, 'font-weight': 700, fill: '#1d1d1f', text: String(num) }),
    svg('text', { x: 30, y: 52, 'font-size': 26, 'font-weight': 700, 'text-anchor': 'middle', fill: '#1d1d1f', text: String(num) }),
    svg('rect', { x: 8, y: 66, width: 44, height: 3, rx: 1.5, fill: '#d8d2c4' }),
    svg('circle', { cx: 8 + 44 * frac, cy: 67.5, r: 3.4, fill: `hsl(${hue} 55% 40%)` }),
    svg('text', { x: 55, y: 80, 'font-size': 9, 'font-weight': 700, 'text-anchor': 'end', fill: '#555', text: String(num) }));
  const name = fill(b.t('card'), { n: num });
  return el('span', { class: 'card rk-card' + (size ? ' card-' + size : ''), role: 'img', 'aria-label': name, title: name,
    'data-card': String(num) }, s);
}

// ---- status and scores ----

function statusBar(b) {
  const { v, t, ctx } = b;
  const items = [
    el('span', { class: 'rk-strong', text: t('round') + ' ' + v.round }),
    el('span', { text: t('dealer') + ': ' + ctx.seatLabel(v.dealer) }),
    el('span', { text: t('turns') + ': ' + v.turns_this_round }),
    el('span', { text: t('target') + ': ' + fill(t('pts'), { n: v.target_score }) }),
  ];
  if (v.round === 1 && v.dealer_draw && v.turns_this_round === 0) {
    items.push(el('span', { text: t('dealerDraw') + ': ' + v.dealer_draw.map((c, p) => ctx.names[p] + ' ' + c).join(', ') }));
  }
  for (const o of b.opts) items.push(el('span', { class: 'board-opt', text: o }));
  return el('div', { class: 'board-status' }, ...items);
}

// The options in force that the view tells: holding_racko is there only
// under optional_declare, team_scores only in partnership play.
function optionsInForce(v, ctx) {
  const t = ctx.t, out = [];
  if (Array.isArray(v.holding_racko)) out.push(t('opt_optional_declare'));
  if (v.team_scores) out.push(t('partnership'));
  return out;
}

function scoreTable(b) {
  const { v, t, ctx } = b;
  const lh = v.last_hand;
  const body = el('tbody');
  for (let p = 0; p < v.players; p++) {
    body.append(el('tr', { class: p === ctx.seat ? 'me-row' : '' },
      el('th', { scope: 'row', text: ctx.seatLabel(p) }),
      el('td', { class: 'num', text: String(v.scores[p]) }),
      el('td', { class: 'num', text: lh ? String(lh.scores[p]) : '—' })));
  }
  if (v.team_scores) {
    v.team_scores.forEach((s, k) => body.append(el('tr', { class: 'rk-team-row' },
      el('th', { scope: 'row', text: t('team') + ' P' + k + '+P' + (k + 2) }), el('td', { class: 'num', text: String(s) }), el('td', { text: '' }))));
  }
  return el('table', { class: 'board-scores', 'aria-label': t('scores') },
    el('thead', {}, el('tr', {}, el('th', { text: '' }), el('th', { scope: 'col', text: t('total') }), el('th', { scope: 'col', text: t('lastRoundCol') }))),
    body);
}

// ---- racks ----

// One rack: ten labelled slots, #5 first. cards[i] is a number or null
// (face down). With swap moves legal, each slot is a "swap #" button.
function rack(b, cards, opts = {}) {
  const { ctx, t } = b;
  const prefix = opts.showOrder ? risingPrefix(cards) : null;
  const list = el('ol', { class: 'rk-slots' + (opts.small ? ' rk-small' : ''), 'aria-label': opts.label });
  cards.forEach((c, i) => {
    let card = c === null || c === undefined ? back(t('faceDown')) : face(b, c);
    if (opts.known && c !== null && c !== undefined) card.classList.add('rk-known');
    if (opts.play) {
      const btn = ctx.actButton('swap ' + 5 * (i + 1), slotLabel(i), card);
      if (btn) card = btn;
    }
    list.append(el('li', { class: 'rk-slot' + (prefix !== null && i < prefix ? ' rk-rising' : '') },
      el('span', { class: 'rk-slot-n', text: slotLabel(i) }), card));
  });
  return list;
}

function rackHead(b, p, title) {
  const { v, t, ctx } = b;
  const h = el('h3', { class: 'rk-rack-h' }, el('span', { text: title }));
  if (p === v.dealer) h.append(el('span', { class: 'rk-badge', text: t('dealerBadge') }));
  if (ctx.toMove === p && v.phase !== 'over') h.append(el('span', { class: 'rk-badge rk-badge-move', text: t('toMove') }));
  if (Array.isArray(v.holding_racko) && v.holding_racko.includes(p)) h.append(el('span', { class: 'rk-badge rk-badge-hold', text: t('holding') }));
  return h;
}

function otherRack(b, p) {
  const { v, t, ctx } = b;
  const open = ctx.open;
  return el('section', { class: 'rk-seat' + (ctx.toMove === p ? ' rk-turn' : ''), 'aria-label': fill(t('rackOf'), { who: ctx.seatLabel(p) }) },
    rackHead(b, p, ctx.seatLabel(p)),
    rack(b, v.racks[p], { small: !open, known: !open, showOrder: open, label: fill(t('rackOf'), { who: ctx.seatLabel(p) }) }),
    open ? orderLine(b, v.racks[p]) : null);
}

// Says once why some cards of the others' racks are face up.
function knownNote(b, others) {
  if (b.ctx.open || !others.some((p) => b.v.racks[p].some((c) => c !== null))) return null;
  return el('p', { class: 'rk-sub rk-known-note', text: b.t('knownNote') });
}

function orderLine(b, cards) {
  const k = risingPrefix(cards);
  return k === null ? null : el('p', { class: 'rk-order', text: fill(b.t('inOrder'), { n: k, p: 5 * k }) });
}

function myRack(b, p) {
  const { v, t, ctx } = b;
  const mine = v.racks[p];
  const box = el('section', { class: 'rk-seat rk-mine' + (ctx.toMove === p ? ' rk-turn' : ''), 'aria-label': t('yourRack') },
    rackHead(b, p, t('yourRack') + ' — ' + ctx.seatLabel(p)),
    el('div', { class: 'rk-ends', 'aria-hidden': 'true' }, el('span', { text: t('front') }), el('span', { text: t('backEnd') })),
    rack(b, mine, { play: true, showOrder: true, label: t('yourRack') }),
    orderLine(b, mine));
  return box;
}

// ---- the middle: deck, discard pile, card in hand ----

function pile(label, content, cls = '') {
  return el('div', { class: 'rk-pile ' + cls }, el('div', { class: 'rk-pile-h', text: label }), content);
}

function piles(b) {
  const { v, t, ctx } = b;
  const box = el('section', { class: 'rk-middle', 'aria-label': t('deck') + ' / ' + t('discard') });
  const deckBack = back(t('faceDown'), 'lg');
  const deck = ctx.actButton('draw', t('drawDeck'), deckBack) || deckBack;
  const deckNote = v.deck_public && v.deck && v.deck.length ? fill(t('deckKnown'), { n: v.deck[0] }) : null;
  box.append(pile(t('deck') + ' (' + fill(t('cardsN'), { n: v.deck_count }) + ')', el('div', {}, deck,
    deckNote ? el('p', { class: 'rk-sub', text: deckNote }) : null), 'rk-deck'));
  const top = v.discard.length ? v.discard[v.discard.length - 1] : null;
  let disc = top === null ? el('span', { class: 'rk-sub', text: t('empty') }) : face(b, top, 'lg');
  if (top !== null) disc = ctx.actButton('take', t('takeDiscard'), disc) || disc;
  box.append(pile(t('discard') + ' (' + fill(t('cardsN'), { n: v.discard.length }) + ')', disc, 'rk-discard'));
  const hand = inHand(b);
  if (hand) box.append(hand);
  return box;
}

// The card the mover holds between drawing and placing: face up to the
// mover (and to all once it came from the discard pile), else a back.
function inHand(b) {
  const { v, t, ctx } = b;
  if (v.in_hand === undefined || v.in_hand === null) return null;
  const mine = v.turn === ctx.seat && !ctx.open;
  const label = mine ? t('inHand') : fill(t('inHandOf'), { who: ctx.seatLabel(v.turn) });
  const card = v.in_hand === '?' ? back(t('faceDown'), 'lg') : face(b, v.in_hand, 'lg');
  return pile(label, el('div', { class: 'rk-hand' }, card, ctx.actButton('discard', t('discardIt'))), 'rk-inhand');
}

function prompt(b) {
  const { v, t, ctx } = b;
  if (!ctx.legal.length) return null;
  const box = el('div', { class: 'rk-prompt' }, el('p', { text: t('prompt_' + v.phase) }));
  const decl = ctx.actButton('declare', t('declare'));
  const end = ctx.actButton('end', t('endTurn'));
  for (const btn of [decl, end]) if (btn) { btn.classList.add('rk-act'); box.append(btn); }
  return box;
}

// ---- the last round ----

function lastRound(b) {
  const { v, t, ctx } = b;
  const lh = v.last_hand;
  if (!lh) return null;
  const box = el('section', { class: 'rk-last', 'aria-labelledby': 'rk-last-h' },
    el('h3', { id: 'rk-last-h', text: t('lastRound') + ': ' + fill(t('lastRoundN'), { n: lh.hand }) }),
    el('p', { class: 'rk-sub', text: lh.reason[b.lang] || lh.reason.en }));
  // The declarer first: the rack that ended the round.
  const order = [...lh.hands.keys()].sort((a, c) => (lh.breakdown[c].declarer ? 1 : 0) - (lh.breakdown[a].declarer ? 1 : 0));
  for (const p of order) {
    const bd = lh.breakdown[p];
    const head = el('div', { class: 'rk-last-name' }, el('strong', { text: ctx.seatLabel(p) }));
    if (bd.declarer) head.append(el('span', { class: 'rk-badge rk-badge-decl', text: t('declarer') }));
    head.append(el('span', { class: 'rk-last-pts', text: fill(t('roundPts'), { n: bd.points }) }));
    box.append(el('div', { class: 'rk-last-seat' + (bd.declarer ? ' rk-declarer' : '') }, head,
      rack(b, lh.hands[p], { small: true, showOrder: true, label: fill(t('rackOf'), { who: ctx.seatLabel(p) }) }),
      el('p', { class: 'rk-sub', text: (bd.text[b.lang] || bd.text.en) + (bd.longest_run >= 3 ? ' · ' + fill(t('run'), { n: bd.longest_run }) : '') })));
  }
  return box;
}

// ---- the board ----

export function render(ctx) {
  const v = ctx.view;
  const b = { ctx, v, t: ctx.t, lang: ctx.lang };
  b.opts = optionsInForce(v, ctx);
  const { me, others } = ctx;
  const seated = me !== null;
  return el('div', { class: 'rk-board', role: 'region', 'aria-label': ctx.t('board') },
    el('div', { class: 'board-top' }, statusBar(b), scoreTable(b)),
    el('div', { class: 'rk-felt' },
      el('div', { class: 'rk-others' }, ...others.map((p) => otherRack(b, p))),
      knownNote(b, others),
      piles(b),
      prompt(b),
      seated ? myRack(b, me) : null),
    lastRound(b));
}

// Cards for the rules page (rules.js): a rack's low, middle and high cards.
export function rulesCards(t) {
  const b = { t, v: { players: 2 } };
  return [face(b, 3), face(b, 21), face(b, 38)];
}
