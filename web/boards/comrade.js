// The Comrade board (カムレッド, a cooperative trick-taking game): the
// series so far, the bid-card pool (場札) with its jokers, the bid total
// against the target, the passes in a row and the bidding log; each seat's
// taken bid cards, bids and tricks won per suit; the trick in progress with
// who played what and who leads; the viewer's hand; the last deal's result
// in words. Only what the view holds is drawn: the cards a deal leaves
// unplayed are never shown (CM-27).
import { fill } from '../i18n.js';
import { el } from '../dom.js';
import { card, back, row, playingCard, suitInfo } from '../cards.js';

const SUITS = ['S', 'H', 'D', 'C'];

export const texts = {
  en: {
    board: 'Comrade table', dealOf: 'Deal {n} of {m}', dealer: 'Dealer', target: 'The bids must total exactly {n}',
    record: 'Won {w} · lost {l}', results: 'Deals so far', won: 'won', lost: 'lost',
    phase_bid: 'Bidding', phase_play: 'Trick play', phase_over: 'The series is over',
    pool: 'Bid cards (the pool)', poolLeft: 'Bid cards left in the pool', jokers: 'Jokers', jokersLeft: '{n} left',
    jokerFor: 'Joker for {suit}', takenBy: 'taken by {who}', total: 'Bid total', passes: 'Passes in a row',
    passesNote: '{n} in a row loses', turn: 'Bidding turn {k} of {max} (round {r} of 3)', bidLog: 'Bidding so far',
    pass: 'pass', jokerLog: 'joker → {suit} +1',
    seats: 'Players', toMove: 'to move', leads: 'leads', cardsN: '{n} cards', cardsOne: '{n} card', faceDown: 'face-down card',
    bid: 'Bid', wonRow: 'Won', noBid: 'no bid: must win no trick', items: 'Bid cards taken', covered: 'covered',
    trickOf: 'Trick {n} of {m}', leader: '{who} leads', ledSuit: 'Led: {suit}', winning: 'Winning so far: {who}',
    waitingCard: 'to play', lastTrick: 'Last trick: won by {who}', handOf: "{who}'s hand", yourHand: 'Your hand',
    mustFollow: 'You hold {suit}: play one of them', noFollow: 'No {suit} in your hand: any card may be played', bidHint: 'Bid for the tricks led in each suit you will win',
    lastDeal: 'Last deal (deal {n})', dealer2: 'dealer: {who}', result_WIN: 'won', result_LOSS: 'lost',
    played: 'Played', unplayed: '{n} card not played: never shown', unplayedN: '{n} cards not played: never shown',
    r_WIN: 'Everyone won exactly the tricks they bid.',
    r_BID_OVER_10: 'At bidding turn {at}, {who} took a bid card that pushed the bid total over {target}.',
    r_ALL_PASSED: 'At bidding turn {at}, all {n} players had passed in a row before the total reached {target}.',
    r_NO_FITTING_BID: 'At bidding turn {at}, every bid card left would push the total over {target}.',
    r_ROUNDS_EXHAUSTED: 'Three bidding rounds ended before the bid total reached {target}.',
    r_WRONG_SUIT: 'Trick {at}, led in {suit}, was won by {who}, who bid nothing in {suit}.',
    r_OVER_BID: 'Trick {at}, led in {suit}, was won by {who}: {won} {suit} tricks, more than the bid of {bid}.',
    seriesDone: 'Series over: {w} won, {l} lost', label_Excellent: 'Excellent: wonderful comrades!',
    label_Great: 'Great: so close.', label_Good: 'Good: a fine result.', label_Average: 'Average: think about why you lost and aim higher.',
    label_Bad: 'Bad: maybe just bad luck.', label_Low: 'Low: effort and study needed.',
    bidName: 'bid card: {suit} {n}', jokerName: 'joker (+1 in a suit named when taken)', jokerItem: 'joker for {suit} (+1)',
  },
  ja: {
    board: 'カムレッドのテーブル', dealOf: '第{n}戦 / 全{m}戦', dealer: '親', target: 'ビッド合計はちょうど{n}',
    record: '{w}勝{l}敗', results: 'これまでの結果', won: '勝利', lost: '敗北',
    phase_bid: 'ビッドラウンド', phase_play: 'トリックラウンド', phase_over: '全戦終了',
    pool: '場札', poolLeft: '残っている場札', jokers: 'ジョーカー', jokersLeft: '残り{n}枚',
    jokerFor: '{suit}にジョーカー', takenBy: '{who}が取った', total: 'ビッド合計', passes: '連続パス',
    passesNote: '{n}人連続で敗北', turn: 'ビッド{k}手目 / {max}手(第{r}周 / 3周)', bidLog: 'ビッドの経過',
    pass: 'パス', jokerLog: 'ジョーカー → {suit}+1',
    seats: 'プレイヤー', toMove: '手番', leads: 'リード', cardsN: '{n}枚', cardsOne: '{n}枚', faceDown: '裏向きの札',
    bid: 'ビッド', wonRow: '獲得', noBid: 'ビッドなし: トリックを1つも取らない', items: '取った場札', covered: '上書き済み',
    trickOf: 'トリック {n} / {m}', leader: '{who}がリード', ledSuit: 'リード: {suit}', winning: '今の勝ち: {who}',
    waitingCard: '未', lastTrick: '前のトリック: {who}が取った', handOf: '{who}の手札', yourHand: 'あなたの手札',
    mustFollow: 'マストフォロー: {suit}を持っているので{suit}を出します', noFollow: '{suit}を持っていないので、どのカードを出しても構いません', bidHint: '各スートでリードされたトリックをいくつ取るかビッドします',
    lastDeal: '前の戦(第{n}戦)', dealer2: '親: {who}', result_WIN: '勝利', result_LOSS: '敗北',
    played: '出した札', unplayed: '出さなかった札{n}枚(公開しない)', unplayedN: '出さなかった札{n}枚(公開しない)',
    r_WIN: '全員がビッドどおりのトリックを取りました。',
    r_BID_OVER_10: 'ビッド{at}手目で{who}が取った場札で、ビッド合計が{target}を超えました。',
    r_ALL_PASSED: 'ビッド{at}手目で、合計が{target}に達する前に{n}人全員が連続してパスしました。',
    r_NO_FITTING_BID: 'ビッド{at}手目で、どれを取っても{target}を超える場札しか残っていませんでした。',
    r_ROUNDS_EXHAUSTED: '3周ラウンドするまでにビッド数が{target}に達しませんでした。',
    r_WRONG_SUIT: 'トリック{at}({suit}のリード)を{who}が取りましたが、{who}は{suit}にビッドしていません。',
    r_OVER_BID: 'トリック{at}({suit}のリード)を{who}が取り、{suit}のトリックが{won}回でビッド{bid}を超えました。',
    seriesDone: '全戦終了: {w}勝{l}敗', label_Excellent: 'エクセレント: 素晴らしい仲間たち(同志)です。',
    label_Great: 'グレート: 実に惜しい。あと一歩です。', label_Good: 'グッド: なかなかの好成績です。',
    label_Average: 'アベレージ: 敗北の理由を考え、上を目指しましょう。', label_Bad: 'バッド: たまたま運が悪かったのかも。',
    label_Low: 'ロウ: 努力と研究が必要。',
    bidName: '場札: {suit}の{n}', jokerName: 'ジョーカー(取るときに決めたスートの+1)', jokerItem: '{suit}のジョーカー(+1)',
  },
};

export const lobby = {
  ja: {
    summary: '5人用の協力型トリックテイキング。場札でチーム全体のビッドを合計ちょうど10にし、全員がビッドどおりのトリックを取れば全員の勝利',
    labels: { players: '人数', deals: '戦数', dealer: '最初の親', ace_high: 'Aが最強', safe_bids: '超過するビッドを隠す' },
    options: {
      players: '5人(ルールブック)または3人(1組のトランプで遊ぶ版)。4人用は定めがない',
      deals: '1シリーズの戦数。空欄: 全員が1回ずつ親(5人なら5戦、3人なら3戦)',
      dealer: '最初の親の席',
      ace_high: 'AをKより強くする(なし: Aが最弱)',
      safe_bids: 'ビッド合計が目標を超える場札やジョーカーを選択肢に出さない',
    },
    choices: { auto: '自動', random: 'ランダム' },
  },
};

// The cards of the viewer's hand a move plays: a play is the card itself
// ("10H", also accepted as "play 10H"); bids (pass, take H2, joker H) play none.
export function actionCards(action) {
  const m = /^\s*(?:play\s+)?((?:10|[2-9JQKA])[SHDC])\s*$/i.exec(action);
  return m ? [m[1].toUpperCase()] : null;
}

// fill (i18n.js) with elements for values: a suit's shape inside a sentence.
function fmtNodes(s, vars) {
  return s.split(/(\{\w+\})/).filter((x) => x !== '').map((x) => { const m = /^\{(\w+)\}$/.exec(x); return m ? vars[m[1]] : x; });
}

function count(ctx, n) { return fill(ctx.t(n === 1 ? 'cardsOne' : 'cardsN'), { n }); }

function nameOf(ctx, i) { return ctx.names[i] + (i === ctx.seat ? ' (' + ctx.T('you') + ')' : ''); }

// A seat as text, with its seat label (P0 … as the seats bar writes it) when
// another seat has the same name (several computers).
function who(ctx, i) {
  const n = ctx.names[i];
  const twin = ctx.names.some((x, j) => j !== i && x === n);
  return nameOf(ctx, i) + (i !== ctx.seat && twin ? ' (' + (i + 1) + ')' : '');
}

function suitName(ctx, s) { const su = suitInfo(s); return ctx.lang === 'ja' ? su.ja : su.en; }

// "♠ spades" style: the symbol is a shape, the word says it again.
function suitMark(s) { return el('span', { class: 'cm-suit cm-suit-' + s, text: suitInfo(s).sym }); }

function seatTag(ctx, i) {
  return el('span', { class: 'cm-who' }, el('span', { class: 'cm-seatno', text: String(i + 1) }), ' ', nameOf(ctx, i));
}

// ----- bid cards: the second deck's A-4 of each suit and the two jokers -----

const BID_FILL = '#fdf3c8';

function bidCard(ctx, code, size, dim) {
  const s = code[1], n = code.slice(2, -1), su = suitInfo(s);
  return card({ corner: n, centre: n, shape: su.shape, colour: su.colour, fill: BID_FILL, size, dim,
    sub: ctx.t('bid'), name: fill(ctx.t('bidName'), { suit: suitName(ctx, s), n }) + (dim ? ' (' + ctx.t('covered') + ')' : ''), code });
}

function jokerCard(ctx, size) {
  // The view counts the jokers left; it names none, so neither does the page.
  return card({ corner: 'JK', centre: '+1', colour: '#6a2c91', fill: BID_FILL, size, name: ctx.t('jokerName') });
}

// A taken joker, "JOKER(C)": its suit's shape with +1.
function jokerItem(ctx, code, size, dim) {
  const s = code[6], su = suitInfo(s);
  return card({ corner: 'JK', centre: '+1', shape: su.shape, colour: su.colour, fill: BID_FILL, size, dim,
    name: fill(ctx.t('jokerItem'), { suit: suitName(ctx, s) }) + (dim ? ' (' + ctx.t('covered') + ')' : ''), code });
}

function itemSuit(code) { return code.startsWith('JOKER(') ? code[6] : code[1]; }

// ----- header: the series -----

function header(ctx) {
  const v = ctx.view;
  const losses = v.results.length - v.wins;
  const res = el('ol', { class: 'cm-results', 'aria-label': ctx.t('results') },
    ...v.results.map((r) => el('li', { class: 'cm-res ' + (r.result === 'WIN' ? 'cm-res-win' : 'cm-res-loss'),
      title: reasonText(ctx, r, v.last_hand && v.last_hand.hand === r.deal ? v.last_hand : null) },
    (r.result === 'WIN' ? '○ ' : '× ') + r.deal + ' ' + ctx.t(r.result === 'WIN' ? 'won' : 'lost'))));
  return el('div', { class: 'cm-head' },
    el('span', { class: 'cm-deal', text: fill(ctx.t('dealOf'), { n: Math.min(v.deal, v.deals), m: v.deals }) }),
    el('span', { text: ctx.t('dealer') + ': ' + who(ctx, v.dealer) }),
    el('span', { text: fill(ctx.t('target'), { n: v.target }) }),
    el('span', { text: fill(ctx.t('record'), { w: v.wins, l: losses }) }),
    v.results.length ? res : null);
}

// ----- the pool of bid cards (場札) -----

// Who holds a bid card that left the pool.
function holder(v, code) { return v.seats.findIndex((s) => s.items.includes(code)); }

function poolSuitRow(ctx, s) {
  const v = ctx.view;
  const cells = [1, 2, 3, 4].map((n) => {
    const code = '[' + s + n + ']';
    if (v.bidding.pool.includes(code)) {
      const face = bidCard(ctx, code, 'sm');
      return ctx.actButton('take ' + s + n, code, face) || face;
    }
    // A taken card's place: its value and, short, who took it.
    const h = holder(v, code);
    return el('span', { class: 'cm-gone', role: 'img', 'aria-label': fill(ctx.t('bidName'), { suit: suitName(ctx, s), n }) + ': ' +
      (h >= 0 ? fill(ctx.t('takenBy'), { who: who(ctx, h) }) : '') },
    el('span', { class: 'cm-gone-n', text: suitInfo(s).sym + n }), el('span', { class: 'cm-gone-who', text: h >= 0 ? '→ ' + ctx.names[h] : '' }));
  });
  return el('li', { class: 'cm-pool-row', 'aria-label': suitName(ctx, s) },
    el('span', { class: 'cm-pool-suit' }, suitMark(s), ' ', el('span', { class: 'cm-suitname', text: suitName(ctx, s) })),
    el('div', { class: 'cm-pool-cards' }, ...cells));
}

function jokerZone(ctx) {
  const v = ctx.view;
  if (v.players === 3) return null; // the single-deck version has no jokers (CM-V3)
  const faces = Array.from({ length: v.bidding.jokers }, () => jokerCard(ctx, 'sm'));
  const buttons = SUITS.map((s) => ctx.actButton('joker ' + s, fill(ctx.t('jokerFor'), { suit: suitName(ctx, s) }),
    el('span', { class: 'cm-jk-btn' }, suitMark(s), '+1'))).filter(Boolean);
  return el('div', { class: 'cm-jokers' },
    el('span', { class: 'cm-pool-suit', text: ctx.t('jokers') + ' (' + fill(ctx.t('jokersLeft'), { n: v.bidding.jokers }) + ')' }),
    faces.length ? row(faces, ctx.t('jokers'), 'cm-jk-cards') : null,
    buttons.length ? el('div', { class: 'cm-jk-btns' }, ...buttons) : null);
}

function bidMeter(ctx) {
  const b = ctx.view.bidding, target = ctx.view.target, np = ctx.view.players;
  const pct = Math.min(100, Math.round((100 * b.total) / target));
  // The fill's width is set through the CSSOM: the page's CSP refuses
  // style attributes.
  const bar = el('span');
  bar.style.width = pct + '%';
  const maxTurns = np * 3;
  const nextTurn = Math.min(b.turn + 1, maxTurns);
  return el('div', { class: 'cm-meter' },
    el('div', { class: 'cm-total' }, el('span', { text: ctx.t('total') + ' ' }),
      el('b', { class: b.total > target ? 'cm-bad' : b.total === target ? 'cm-good' : '', text: b.total + ' / ' + target })),
    el('div', { class: 'cm-bar', 'aria-hidden': 'true' }, bar),
    el('div', { class: 'cm-small' }, ctx.t('passes') + ': ', el('b', { text: b.passes + ' / ' + np }), ' (' + fill(ctx.t('passesNote'), { n: np }) + ')'),
    ctx.view.phase === 'bid'
      ? el('div', { class: 'cm-small', text: fill(ctx.t('turn'), { k: nextTurn, max: maxTurns, r: Math.floor((nextTurn - 1) / np) + 1 }) })
      : null);
}

function logEntry(ctx, e) {
  const [verb, arg] = e.action.split(' ');
  let what;
  if (verb === 'pass') what = el('span', { class: 'cm-muted', text: ctx.t('pass') });
  else if (verb === 'take') what = el('span', {}, suitMark(arg[0]), arg.slice(1));
  else what = el('span', {}, ...fmtNodes(ctx.t('jokerLog'), { suit: suitMark(arg) }));
  return el('li', {}, el('span', { class: 'cm-seatno', text: String(e.seat + 1) }), ' ', what);
}

function bidLog(ctx) {
  const log = ctx.view.bidding.log;
  if (!log.length) return null;
  return el('div', { class: 'cm-log' }, el('h4', { text: ctx.t('bidLog') }),
    el('ol', { class: 'cm-log-list' }, ...log.map((e) => logEntry(ctx, e))));
}

function market(ctx) {
  const v = ctx.view;
  const body = [el('ul', { class: 'cm-pool' }, ...SUITS.map((s) => poolSuitRow(ctx, s))), jokerZone(ctx), bidMeter(ctx), bidLog(ctx)];
  if (v.phase === 'bid')
    return el('section', { class: 'cm-market', 'aria-labelledby': 'cm-market-h' },
      el('h3', { id: 'cm-market-h', text: ctx.t('pool') }), el('p', { class: 'cm-hint', text: ctx.t('bidHint') }), ...body);
  // Once tricks start, the leftover pool matters little: folded away.
  return el('details', { class: 'cm-market cm-market-done' },
    el('summary', { text: ctx.t('poolLeft') + ' — ' + ctx.t('total') + ' ' + v.bidding.total + ' / ' + v.target }), ...body);
}

// ----- seats -----

function bidTable(ctx, bid, won) {
  const cell = (s, i, isWon) => {
    const b = bid[i], w = won[i];
    const cls = isWon ? (w > b ? 'cm-over' : w === b && b > 0 ? 'cm-done' : '') : (b ? 'cm-has' : 'cm-zero');
    return el('td', { class: cls, text: String(isWon ? w : b) });
  };
  return el('table', { class: 'cm-bids' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: '' }),
      ...SUITS.map((s) => el('th', { scope: 'col', 'aria-label': suitName(ctx, s) }, suitMark(s))))),
    el('tbody', {},
      el('tr', {}, el('th', { scope: 'row', text: ctx.t('bid') }), ...SUITS.map((s, i) => cell(s, i, false))),
      el('tr', {}, el('th', { scope: 'row', text: ctx.t('wonRow') }), ...SUITS.map((s, i) => cell(s, i, true)))));
}

// Taken items in the order taken; only each suit's last one counts (CM-13).
function itemsRow(ctx, items) {
  const top = {};
  items.forEach((c, i) => { top[itemSuit(c)] = i; });
  const faces = items.map((c, i) => {
    const dim = top[itemSuit(c)] !== i;
    return c.startsWith('JOKER(') ? jokerItem(ctx, c, 'sm', dim) : bidCard(ctx, c, 'sm', dim);
  });
  return row(faces, ctx.t('items'), 'cm-items');
}

function currentTrick(v) {
  const t = v.tricks[v.tricks.length - 1];
  return t && t.winner === undefined ? t : null;
}

function seatBox(ctx, s, i) {
  const v = ctx.view;
  const turn = v.phase !== 'over' && v.to_move === i;
  const cur = currentTrick(v);
  const leads = v.phase === 'play' && (cur ? cur.leader === i : nextLeader(v) === i);
  const box = el('li', { class: 'cm-seat' + (turn ? ' cm-turn' : '') + (i === ctx.seat ? ' cm-me' : ''), 'aria-current': turn ? 'true' : null },
    el('div', { class: 'cm-seat-head' }, seatTag(ctx, i),
      v.dealer === i ? el('span', { class: 'cm-badge cm-dealer', text: ctx.t('dealer') }) : null,
      leads ? el('span', { class: 'cm-badge cm-lead', text: ctx.t('leads') }) : null,
      turn ? el('span', { class: 'cm-badge cm-tomove', text: '▶ ' + ctx.t('toMove') }) : null),
    bidTable(ctx, s.bid, s.won));
  if (!s.bid.some((b) => b)) box.append(el('p', { class: 'cm-note', text: ctx.t('noBid') }));
  if (s.items.length) box.append(itemsRow(ctx, s.items));
  // Cards in hand: face down, except in an open replay (the view holds them).
  if (ctx.open && s.hand) box.append(suitGroups(ctx, s.hand, (c) => playingCard(c, ctx.lang, { size: 'sm' }), 'cm-open-hand', fill(ctx.t('handOf'), { who: who(ctx, i) })));
  else if (i !== ctx.seat || !s.hand) box.append(fan(ctx, s.cards, i));
  return box;
}

function fan(ctx, n, i) {
  const label = fill(ctx.t('handOf'), { who: who(ctx, i) }) + ': ' + count(ctx, n);
  return el('div', { class: 'cm-fan-box' },
    row(Array.from({ length: n }, () => back(ctx.t('faceDown'), 'sm')), label, 'cm-fan'),
    el('span', { class: 'cm-count', 'aria-hidden': 'true', text: count(ctx, n) }));
}

function seats(ctx) {
  return el('ul', { class: 'cm-seats', 'aria-label': ctx.t('seats') }, ...ctx.view.seats.map((s, i) => seatBox(ctx, s, i)));
}

// ----- tricks -----

function nextLeader(v) {
  const t = v.tricks[v.tricks.length - 1];
  if (!t) return v.dealer;
  return t.winner === undefined ? t.leader : t.winner;
}

const RANK = { J: 11, Q: 12, K: 13 };
function rankOf(code, aceHigh) {
  const r = code.slice(0, -1);
  if (r === 'A') return aceHigh ? 14 : 1;
  return RANK[r] || Number(r);
}

// The seat whose card leads the trick so far (highest of the led suit).
function bestSoFar(v, t) {
  const led = t.cards[0].slice(-1);
  let best = 0;
  t.cards.forEach((c, j) => {
    if (c.slice(-1) === led && rankOf(c, v.ace_high) > rankOf(t.cards[best], v.ace_high)) best = j;
  });
  return (t.leader + best) % v.players;
}

// Under a played card: the seat label, and the name when it tells seats apart.
function slotName(ctx, p) {
  const n = ctx.names[p];
  return p === ctx.seat || ctx.names.filter((x) => x === n).length === 1 ? n : '';
}

// One place per seat in play order: the card played there, or who is still to play.
function trickSlots(ctx, t, leader, small) {
  const v = ctx.view, np = v.players;
  return Array.from({ length: np }, (_, j) => {
    const p = (leader + j) % np;
    const c = t ? t.cards[j] : undefined;
    const face = c ? playingCard(c, ctx.lang, small ? { size: 'sm' } : {}) : el('span', { class: 'cm-empty' + (small ? ' cm-empty-sm' : '') }, el('span', { text: ctx.t('waitingCard') }));
    const win = t && t.winner === p;
    return el('li', { class: 'cm-slot' + (c ? '' : ' cm-slot-empty') + (v.to_move === p && !c && !small ? ' cm-slot-turn' : '') + (win ? ' cm-slot-win' : '') },
      face, el('span', { class: 'cm-slot-who' }, el('span', { class: 'cm-seatno', text: String(p + 1) }), ' ', small ? '' : slotName(ctx, p)));
  });
}

function trickZone(ctx) {
  const v = ctx.view;
  if (v.phase !== 'play') return null;
  const cur = currentTrick(v);
  const done = v.tricks.filter((t) => t.winner !== undefined);
  const leader = cur ? cur.leader : nextLeader(v);
  const n = done.length + 1;
  const info = [el('span', { text: fill(ctx.t('leader'), { who: who(ctx, leader) }) })];
  if (cur && cur.cards.length) {
    const led = cur.cards[0].slice(-1);
    info.push(el('span', {}, ...fmtNodes(ctx.t('ledSuit'), { suit: el('span', {}, suitMark(led), ' ' + suitName(ctx, led)) })));
    info.push(el('span', { text: fill(ctx.t('winning'), { who: who(ctx, bestSoFar(v, cur)) }) }));
  }
  const zone = el('section', { class: 'cm-trick', 'aria-labelledby': 'cm-trick-h' },
    el('h3', { id: 'cm-trick-h', text: fill(ctx.t('trickOf'), { n, m: v.target }) }),
    el('p', { class: 'cm-trick-info' }, ...info),
    el('ol', { class: 'cm-slots' }, ...trickSlots(ctx, cur, leader, false)));
  const last = done[done.length - 1];
  if (last)
    zone.append(el('div', { class: 'cm-last-trick' }, el('h4', { text: fill(ctx.t('lastTrick'), { who: who(ctx, last.winner) }) }),
      el('ol', { class: 'cm-slots cm-slots-sm' }, ...trickSlots(ctx, last, last.leader, true))));
  return zone;
}

// ----- the viewer's hand -----

// A hand as one row of cards per suit (the view lists it by suit already).
function suitGroups(ctx, hand, face, cls, label) {
  const groups = SUITS.map((su) => hand.filter((c) => c.slice(-1) === su)).filter((g) => g.length)
    .map((g) => row(g.map(face), suitName(ctx, g[0].slice(-1)), 'cm-suitgroup'));
  return el('div', { class: cls, role: 'group', 'aria-label': label }, ...groups);
}

// Must follow (CM-22): say which suit, or that any card may go.
function followNote(ctx, hand, cur) {
  const led = cur.cards[0].slice(-1);
  const can = hand.some((c) => c.slice(-1) === led);
  return el('p', { class: 'cm-note', text: fill(ctx.t(can ? 'mustFollow' : 'noFollow'), { suit: suitName(ctx, led) }) });
}

function ownHand(ctx) {
  const v = ctx.view, s = v.seats[ctx.seat];
  // After the last deal the cards left are put away unseen, as the text board does.
  if (!s || !s.hand || !s.hand.length || v.phase === 'over') return null;
  const playable = new Set(ctx.legal.map((a) => actionCards(a.action)).filter(Boolean).flat());
  const myPlay = v.phase === 'play' && v.to_move === ctx.seat && playable.size;
  const face = (c) => ctx.pickable(playingCard(c, ctx.lang, { dim: myPlay && !playable.has(c) }), c);
  const cur = currentTrick(v);
  return el('section', { class: 'cm-own', 'aria-labelledby': 'cm-own-h' },
    el('h3', { id: 'cm-own-h', text: ctx.t('yourHand') + ' (' + count(ctx, s.hand.length) + ')' }),
    suitGroups(ctx, s.hand, face, 'cm-hand hand', ctx.t('yourHand')),
    myPlay && cur && cur.cards.length ? followNote(ctx, s.hand, cur) : null);
}

// ----- results in words -----

// Why a deal ended, told with the players' names; the led suit of a lost
// trick is the suit whose count broke the bid in the last deal's breakdown.
function reasonText(ctx, r, lh) {
  const v = ctx.view;
  const vars = { at: r.at, target: v.target, n: v.players, who: r.by === null || r.by === undefined ? '' : who(ctx, r.by) };
  if ((r.reason === 'WRONG_SUIT' || r.reason === 'OVER_BID') && lh && lh.breakdown && lh.breakdown[r.by]) {
    const b = lh.breakdown[r.by];
    const i = SUITS.findIndex((_, k) => (r.reason === 'WRONG_SUIT' ? b.bid[k] === 0 && b.won[k] > 0 : b.won[k] > b.bid[k]));
    if (i < 0) return lh.reason[ctx.lang] || lh.reason.en;
    Object.assign(vars, { suit: suitName(ctx, SUITS[i]), won: b.won[i], bid: b.bid[i] });
  } else if (r.reason === 'WRONG_SUIT' || r.reason === 'OVER_BID') {
    return ctx.t(r.result === 'WIN' ? 'won' : 'lost');
  }
  return fill(ctx.t('r_' + r.reason), vars);
}

function lastDealSeat(ctx, lh, i) {
  const b = lh.breakdown[i], played = lh.hands[i] || [], left = lh.unplayed[i] || 0;
  return el('li', { class: 'cm-ld-seat' + (ctx.view.results[lh.hand - 1]?.by === i && lh.result !== 'WIN' ? ' cm-ld-cause' : '') },
    el('div', { class: 'cm-seat-head' }, seatTag(ctx, i), lh.dealer === i ? el('span', { class: 'cm-badge cm-dealer', text: ctx.t('dealer') }) : null),
    bidTable(ctx, b.bid, b.won),
    played.length ? row(played.map((c) => playingCard(c, ctx.lang, { size: 'sm' })), ctx.t('played'), 'cm-played') : null,
    left ? el('p', { class: 'cm-note', text: fill(ctx.t(left === 1 ? 'unplayed' : 'unplayedN'), { n: left }) }) : null);
}

// Collapsible: open at the start of the next deal and at the end of the
// series; a reader's own choice is kept across redraws of the same deal.
const lastOpen = { deal: null, open: null };

function lastDeal(ctx) {
  const v = ctx.view, lh = v.last_hand;
  if (!lh) return null;
  const r = v.results[lh.hand - 1] || { result: lh.result, reason: lh.reason_code, at: 0, by: null };
  // Fresh: until the viewer (a spectator: anyone) has bid in this deal.
  const bids = v.bidding.log.filter((e) => ctx.seat === null || e.seat === ctx.seat);
  const fresh = v.phase === 'over' || (v.phase === 'bid' && !bids.length);
  const open = lastOpen.deal === lh.hand && lastOpen.open !== null ? lastOpen.open : fresh;
  const d = el('details', { class: 'cm-last ' + (lh.result === 'WIN' ? 'cm-last-win' : 'cm-last-loss'), open: open || null },
    el('summary', {}, el('b', { text: fill(ctx.t('lastDeal'), { n: lh.hand }) + ': ' + ctx.t('result_' + lh.result) }),
      ' · ' + fill(ctx.t('dealer2'), { who: who(ctx, lh.dealer) }) + ' — ', reasonText(ctx, r, lh)),
    el('ul', { class: 'cm-ld-list' }, ...lh.breakdown.map((_, i) => lastDealSeat(ctx, lh, i))));
  // A details made open fires a toggle too: only a change is the reader's.
  d.addEventListener('toggle', () => { if (d.open !== open) { lastOpen.deal = lh.hand; lastOpen.open = d.open; } });
  return d;
}

function seriesBanner(ctx) {
  const v = ctx.view;
  if (v.phase !== 'over') return null;
  const l = v.results.length - v.wins;
  return el('p', { class: 'cm-banner', role: 'status' }, fill(ctx.t('seriesDone'), { w: v.wins, l }),
    v.label ? el('span', { class: 'cm-label', text: ' — ' + ctx.t('label_' + v.label) }) : null);
}

export function render(ctx) {
  const v = ctx.view;
  const felt = el('div', { class: 'cm-felt' },
    el('p', { class: 'cm-phase', text: ctx.t('phase_' + v.phase) }), seriesBanner(ctx),
    v.phase === 'bid' ? market(ctx) : null, seats(ctx), trickZone(ctx),
    ctx.seat !== null && !ctx.open ? ownHand(ctx) : null,
    v.phase === 'play' ? market(ctx) : null);
  return el('div', { class: 'cm-board', role: 'group', 'aria-label': ctx.t('board') }, header(ctx), felt, lastDeal(ctx));
}

// Cards for the rules page (rules.js): a card to play, a bid card, a joker.
export function rulesCards(t, lang) {
  const ctx = { t, lang };
  return [playingCard('QS', lang), bidCard(ctx, '[H2]', null, false), jokerCard(ctx, null)];
}
