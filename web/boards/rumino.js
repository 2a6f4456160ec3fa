// The Rumino board (a gin rummy with two decks and four jokers): every
// player's place (score, chips, a face-down fan of their cards, dealer,
// turn, out), the stock, the discard pile with its upcard on top, the pool,
// the viewer's hand laid out in melds and deadwood as the engine scores it
// (RU-5), the knock limit against the current deadwood, and the last hand's
// reveal: every hand with its melds, deadwood and score, and why it ended.
import { fill } from '../i18n.js';
import { el } from '../dom.js';
import { back, row, playingCard, playingCardName } from '../cards.js';

export const texts = {
  en: {
    board: 'Rumino table', players: 'Players', dealer: 'Dealer', toMove: 'to move', out: 'out',
    score: 'Total', last: 'Last hand', chips: 'Chips', cardsN: '{n} cards', cardsOne: '{n} card', faceDown: 'face-down card', cardsLabel: 'Cards', sep: ', ', handOf: "{who}'s hand",
    knownNote: 'Face up: taken from the discard pile', pool: 'Pool', poolChips: '{n} chips',
    stock: 'Stock', discardPile: 'Discard pile', upcard: 'the upcard, turned up at the deal',
    discardedBy: 'discarded by {who}', below: 'Underneath, oldest to newest', empty: 'empty',
    drawLabel: 'Draw from the stock', takeLabel: 'Take {card}',
    handNo: 'Hand {n}', outAt: 'Out at {n} points', knockAt: 'Knock with {n} or less',
    yourHand: 'Your hand', set: 'Set', run: 'Run', rumino: 'Rumino', deadwood: 'Deadwood', points: '{n} points', pointsOne: '{n} point',
    noDeadwood: 'no deadwood', deadwoodNow: 'Deadwood {n}',
    mayKnock: 'you may knock now (limit {k})', cannotKnock: 'knocking needs {k} or less',
    afterDraw: 'Discard one card, or declare Gin or Rumino with it',
    ginNow: 'Gin possible, putting down: {cards}', ruminoNow: 'Rumino possible, putting down: {cards}',
    drawn: 'just drawn', drawnNote: 'You drew {card} from the stock (outlined in blue)', taken: 'taken', takenNote: '{card} (outlined in yellow) was taken from the discard pile: it may not be discarded this turn',
    rebuyBanner: 'Rebuy: {who} may pay {cost} chips (the pool) and play on at {score} points',
    claimBanner: '{who} may claim {card} for a Rumino',
    overWinner: 'Game over. Winner: {who}',
    lastHand: 'Last hand (hand {n})', howKnock: '{who} knocked', howGin: '{who} declared Gin, putting down {card}',
    howRumino: '{who} declared Rumino, putting down {card}: the game is over', howVoid: 'The hand was void',
    ginScore: 'Gin: −10', plus: '+{n}', total: 'total {n}', reached: 'reached {n}', ruminoWin: 'Rumino: wins the game and the pool',
    notScored: 'not scored',
  },
  ja: {
    board: 'ルーミノのテーブル', players: 'プレイヤー', dealer: 'ディーラー', toMove: '手番', out: '退場',
    score: '累計点', last: '前回', chips: 'チップ', cardsN: '{n}枚', cardsOne: '{n}枚', faceDown: '裏向きの札', cardsLabel: '手札', sep: '、', handOf: '{who}の手札',
    knownNote: '表向き: 捨て札の山から取った札', pool: 'プール', poolChips: '{n}チップ',
    stock: '山札', discardPile: '捨て札の山', upcard: 'ディールのとき表にした捨て札',
    discardedBy: '{who}の捨て札', below: 'その下(古い順)', empty: 'なし',
    drawLabel: '山札からドロー', takeLabel: '{card}を取る',
    handNo: '第{n}ディール', outAt: '累計{n}点で退場', knockAt: 'ノックは{n}点以下',
    yourHand: 'あなたの手札', set: 'セット', run: 'ラン', rumino: 'ルーミノ', deadwood: 'メルド外', points: '{n}点', pointsOne: '{n}点',
    noDeadwood: 'メルド外の札なし', deadwoodNow: 'メルド外 {n}点',
    mayKnock: '今ノックできます({k}点以下)', cannotKnock: 'ノックには{k}点以下が必要',
    afterDraw: '1枚を捨て札にするか、その札でジンかルーミノを宣言します',
    ginNow: 'ジンができます。捨てる札: {cards}', ruminoNow: 'ルーミノができます。捨てる札: {cards}',
    drawn: '引いた札', drawnNote: '山札から{card}を引きました(青い枠)', taken: '取った札', takenNote: '捨て札の山から取った{card}(黄色い枠)は、この番には捨てられません',
    rebuyBanner: 'リバイ: {who}はプールと同額の{cost}チップを払い、累計{score}点で続けられます',
    claimBanner: '{who}はルーミノのために{card}を取れます',
    overWinner: 'ゲーム終了。勝者: {who}',
    lastHand: '前回のディール(第{n}ディール)', howKnock: '{who}がノック', howGin: '{who}が{card}を捨ててジン',
    howRumino: '{who}が{card}を捨ててルーミノ。ゲーム終了', howVoid: 'このディールは無効',
    ginScore: 'ジン: −10点', plus: '+{n}点', total: '累計{n}点', reached: '{n}点に到達', ruminoWin: 'ルーミノ: ゲームとプールの勝ち',
    notScored: '得点なし',
  },
};

export const lobby = {
  ja: {
    summary: '2組のトランプとジョーカー4枚で遊ぶジンラミー系のゲーム。ノック・ジン・ルーミノでディールを終え、累計100点で退場、リバイとプールあり',
    labels: {
      players: '人数', ante: '参加チップ', knock_limit: 'ノックの上限', elimination_score: '退場の累計点',
      first_dealer: '最初のディーラー', natural_rumino: 'ジョーカーなしのルーミノ', max_rebuys_total: 'リバイの上限回数',
      void_on_empty_stock: '山札切れで無効', three_gins: '3連続ジンで勝ち', rumino_claim: 'ルーミノの横取り',
      free_discard: '取った札も捨てられる', starting_chips: '持ちチップ', max_turns_per_hand: 'ディールの手番上限',
    },
    options: {
      players: 'プレイヤーの人数(2〜6人)',
      ante: 'ゲームの前に各プレイヤーがプールに置くチップ',
      knock_limit: 'ノックできるメルド外の点数の上限',
      elimination_score: 'この累計点に達したプレイヤーは退場',
      first_dealer: '最初のディーラーの席',
      natural_rumino: 'ルーミノにジョーカーを使えない',
      max_rebuys_total: 'ゲーム全体でリバイできる回数',
      void_on_empty_stock: '山札がなくなったら捨て札を切り直さず、そのディールを無効にする',
      three_gins: '最初の3ディールすべてでジンをしたプレイヤーの勝ち',
      rumino_claim: '他のプレイヤーの捨て札を、ルーミノのためなら手番外でも取れる',
      free_discard: '捨て札の山から取った札を、その番にまた捨ててもよい',
      starting_chips: '各プレイヤーの持ちチップ(空欄: 持ちチップなしで、マイナスも記録する)',
      max_turns_per_hand: 'この手番数に達したディールは無効',
    },
    choices: { random: 'ランダム', unlimited: '無制限', ledger: '記録のみ(マイナス可)', none: 'なし' },
  },
};

// The cards of the viewer's hand a move puts down: "discard 7C", "gin 3H",
// "rumino 4D" name one card kind; every other move (draw, take, knock,
// rebuy, decline, claim, pass) plays no card from the hand.
export function actionCards(action) {
  const m = /^\s*(discard|gin|rumino)\s+(\S+)\s*$/i.exec(action);
  return m ? [m[2].toUpperCase()] : null;
}

// "{n} cards" with its values filled in.

function count(ctx, n) { return fill(ctx.t(n === 1 ? 'cardsOne' : 'cardsN'), { n }); }

function nameOf(ctx, i) { return ctx.names[i] + (i === ctx.seat ? ' (' + ctx.T('you') + ')' : ''); }

// A seat as text: its name, with its seat label (P0, P1, … as the seats bar
// writes it) when another seat has the same name (several computers).
function who(ctx, i) {
  const twin = ctx.names.some((x, j) => j !== i && x === ctx.names[i]);
  return nameOf(ctx, i) + (i !== ctx.seat && twin ? ' (' + (i + 1) + ')' : '');
}

// The knock limit and the elimination score are the table's options, not
// part of the view.
function option(ctx, key, dflt) {
  const o = ctx.options || {};
  const n = Number(o[key]);
  return o[key] !== undefined && Number.isFinite(n) ? n : dflt;
}

// A meld is a set when its natural cards share a rank (or it is all jokers).
function meldKind(cards) {
  const ranks = new Set(cards.filter((c) => c !== 'JK').map((c) => c.slice(0, -1)));
  return ranks.size <= 1 ? 'set' : 'run';
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const rankOf = (c) => RANKS.indexOf(c.slice(0, -1)) + 1;

// A Rumino's seven cards in order: seven of a kind as they are, a straight
// flush from its lowest rank with each joker in the gap it fills.
function ruminoOrder(cards) {
  const nat = cards.filter((c) => c !== 'JK').sort((a, b) => rankOf(a) - rankOf(b));
  let jokers = cards.length - nat.length;
  if (new Set(nat.map(rankOf)).size <= 1) return [...nat, ...Array(jokers).fill('JK')];
  const out = [];
  for (let r = Math.min(rankOf(nat[0]), 7); out.length < cards.length && r <= 13; r++) {
    const c = nat.find((x) => rankOf(x) === r);
    if (c) out.push(c);
    else if (jokers) { out.push('JK'); jokers--; }
  }
  return out.length === cards.length ? out : cards;
}

// Cards in a sentence, by name as a player says them (the codes are the
// engine's action text).
function names(ctx, codes) { return codes.map((c) => playingCardName(c, ctx.lang)).join(ctx.lang === 'ja' ? '、' : ', '); }

function legalCards(ctx, verb) {
  return ctx.legal.filter((a) => a.action.startsWith(verb + ' ')).map((a) => a.action.slice(verb.length + 1));
}

// ----- players -----

function badge(text, cls) { return el('span', { class: 'ru-badge ' + cls, text }); }

function stat(label, value) {
  return el('span', { class: 'ru-stat' }, el('span', { class: 'ru-k', text: label }), ' ', el('b', { text: value }));
}

// A player's cards as the viewer may see them: face down, except cards the
// table knows (taken from the discard pile) or every card once revealed.
function fan(ctx, p, i) {
  const cards = p.hand.map((c) => (c ? playingCard(c, ctx.lang, { size: 'sm' }) : back(ctx.t('faceDown'), 'sm')));
  const box = el('div', { class: 'ru-fan-box' }, row(cards, fill(ctx.t('handOf'), { who: who(ctx, i) }) + ': ' + count(ctx, p.cards), 'ru-fan'));
  if (p.hand.some((c) => c) && p.hand.some((c) => !c)) box.append(el('p', { class: 'ru-note', text: ctx.t('knownNote') }));
  return box;
}

function seatBox(ctx, p, i) {
  const v = ctx.view;
  const turn = v.to_move === i;
  const box = el('li', { class: 'ru-seat' + (turn ? ' ru-turn' : '') + (p.active ? '' : ' ru-out') + (i === ctx.seat ? ' ru-me' : ''),
    'aria-current': turn ? 'true' : null },
  el('div', { class: 'ru-seat-head' }, el('span', { class: 'ru-seatno', text: String(i + 1) }),
    el('span', { class: 'ru-name', text: nameOf(ctx, i) }),
    v.dealer === i ? badge(ctx.t('dealer'), 'ru-dealer') : null,
    turn ? badge('▶ ' + ctx.t('toMove'), 'ru-tomove') : null,
    p.active ? null : badge(ctx.t('out'), 'ru-outbadge')),
  el('div', { class: 'ru-stats' }, stat(ctx.t('score'), String(p.score)),
    stat(ctx.t('last'), (p.last_hand > 0 ? '+' : '') + p.last_hand), stat(ctx.t('chips'), String(p.chips)),
    p.active ? stat(ctx.t('cardsLabel'), String(p.cards)) : null));
  // The viewer's own hand is laid out below; an open replay lays out all.
  if (ctx.open && p.own) box.append(layout(ctx, p.own, false));
  else if (i !== ctx.seat && p.cards) box.append(fan(ctx, p, i));
  return box;
}

function seats(ctx) {
  return el('ul', { class: 'ru-seats', 'aria-label': ctx.t('players') },
    ...ctx.view.players.map((p, i) => seatBox(ctx, p, i)));
}

// ----- centre: stock, discard pile, pool -----

function stockZone(ctx) {
  const v = ctx.view;
  const pile = el('div', { class: 'ru-stack' }, back(ctx.t('stock') + ': ' + count(ctx, v.stock), 'lg'));
  const btn = ctx.actButton('draw', ctx.t('drawLabel'), pile);
  return el('section', { class: 'ru-zone ru-stock', 'aria-labelledby': 'ru-stock-h' },
    el('h3', { id: 'ru-stock-h', text: ctx.t('stock') }), btn || pile,
    el('p', { class: 'ru-count', text: count(ctx, v.stock) }));
}

function discardZone(ctx) {
  const v = ctx.view;
  const n = v.discard.length;
  const zone = el('section', { class: 'ru-zone ru-discard', 'aria-labelledby': 'ru-discard-h' },
    el('h3', { id: 'ru-discard-h', text: ctx.t('discardPile') + ' (' + count(ctx, n) + ')' }));
  if (!n) {
    zone.append(el('div', { class: 'ru-slot', text: ctx.t('empty') }));
    return zone;
  }
  const top = v.discard[n - 1];
  const by = v.discarded_by[n - 1];
  const face = playingCard(top, ctx.lang, { size: 'lg' });
  zone.append(ctx.actButton('take', fill(ctx.t('takeLabel'), { card: top }), face) || face,
    el('p', { class: 'ru-count', text: by === null || by === undefined ? ctx.t('upcard') : fill(ctx.t('discardedBy'), { who: who(ctx, by) }) }));
  // The whole pile is public (§4.2): the cards just under the top, the
  // newest last so it shows whole, as in a spread pile.
  const under = v.discard.slice(Math.max(0, n - 9), n - 1);
  if (under.length) zone.append(row(under.map((c) => playingCard(c, ctx.lang, { size: 'sm' })), ctx.t('below'), 'ru-under'));
  return zone;
}

function poolZone(ctx) {
  return el('section', { class: 'ru-zone ru-pool', 'aria-labelledby': 'ru-pool-h' },
    el('h3', { id: 'ru-pool-h', text: ctx.t('pool') }),
    el('div', { class: 'ru-chip', 'aria-hidden': 'true' }),
    el('p', { class: 'ru-count', text: fill(ctx.t('poolChips'), { n: ctx.view.pool }) }));
}

// ----- the viewer's hand -----

// Melds then deadwood, each as a labelled group; own hand cards are pickable.
function layout(ctx, own, mine) {
  const v = ctx.view;
  const marks = { drawn: mine ? v.drawn : null, taken: mine ? v.taken : null };
  const face = (c) => {
    let e = playingCard(c, ctx.lang, mine ? {} : { size: 'sm' });
    for (const k of ['drawn', 'taken']) if (marks[k] === c) { e.classList.add('ru-' + k); e.title += ' — ' + ctx.t(k); marks[k] = null; }
    if (mine) e = ctx.pickable(e, c);
    return e;
  };
  const kind = (m) => (own.rumino ? 'rumino' : meldKind(m));
  const groups = own.melds.map((m) => el('div', { class: 'ru-group ru-meld' },
    el('span', { class: 'ru-glabel', text: ctx.t(kind(m)) }), row(m.map(face), ctx.t(kind(m)))));
  if (own.deadwood.length)
    groups.push(el('div', { class: 'ru-group ru-dead' },
      el('span', { class: 'ru-glabel', text: ctx.t('deadwood') + ' ' + fill(ctx.t(own.deadwood_points === 1 ? 'pointsOne' : 'points'), { n: own.deadwood_points }) }),
      row(own.deadwood.map(face), ctx.t('deadwood'))));
  return el('div', { class: 'ru-layout' + (mine ? ' hand' : '') }, ...groups);
}

// What the viewer's deadwood means now: may they knock, Gin or Rumino.
function handAdvice(ctx, own) {
  const v = ctx.view, k = option(ctx, 'knock_limit', 7), dw = own.deadwood_points;
  const lines = [];
  if (v.phase !== 'turn' && v.phase !== 'discard') return lines;
  if (own.hand.length <= 7) {
    const can = ctx.legal.some((a) => a.action === 'knock') ? fill(ctx.t('mayKnock'), { k })
      : dw <= k ? fill(ctx.t('knockAt'), { n: k }) : fill(ctx.t('cannotKnock'), { k });
    lines.push(el('p', { class: 'ru-knock' + (dw <= k ? ' ru-ok' : ''), text: fill(ctx.t('deadwoodNow'), { n: dw }) + ' — ' + can }));
  }
  if (own.hand.length > 7 && v.phase === 'discard' && v.to_move === ctx.seat) lines.push(el('p', { class: 'ru-knock', text: ctx.t('afterDraw') }));
  const gin = legalCards(ctx, 'gin'), rum = legalCards(ctx, 'rumino');
  if (rum.length) lines.push(el('p', { class: 'ru-call', text: fill(ctx.t('ruminoNow'), { cards: names(ctx, rum) }) }));
  if (gin.length) lines.push(el('p', { class: 'ru-call', text: fill(ctx.t('ginNow'), { cards: names(ctx, gin) }) }));
  if (v.drawn && v.to_move === ctx.seat) lines.push(el('p', { class: 'ru-note', text: fill(ctx.t('drawnNote'), { card: playingCardName(v.drawn, ctx.lang) }) }));
  if (v.taken && v.to_move === ctx.seat && v.phase === 'discard')
    lines.push(el('p', { class: 'ru-note', text: fill(ctx.t('takenNote'), { card: playingCardName(v.taken, ctx.lang) }) }));
  return lines;
}

function ownHand(ctx) {
  const p = ctx.view.players[ctx.seat];
  if (!p || !p.own || !p.cards) return null;
  return el('section', { class: 'ru-own', 'aria-labelledby': 'ru-own-h' },
    el('h3', { id: 'ru-own-h', text: ctx.t('yourHand') + ' (' + count(ctx, p.cards) + ')' }),
    layout(ctx, p.own, true), ...handAdvice(ctx, p.own));
}

// ----- banners: rebuy step, claim, game over -----

function banner(ctx) {
  const v = ctx.view;
  if (v.phase === 'rebuy' && v.rebuy)
    return el('p', { class: 'ru-banner', role: 'status', text: fill(ctx.t('rebuyBanner'), { who: who(ctx, v.to_move), cost: v.rebuy.cost, score: v.rebuy.score }) });
  if (v.phase === 'claim' && v.discard.length)
    return el('p', { class: 'ru-banner', role: 'status', text: fill(ctx.t('claimBanner'), { who: who(ctx, v.to_move), card: v.discard[v.discard.length - 1] }) });
  if (v.phase === 'over')
    return el('p', { class: 'ru-banner ru-win', role: 'status', text: fill(ctx.t('overWinner'), { who: (v.winners || []).map((i) => who(ctx, i)).join(ctx.t('sep')) }) });
  return null;
}

function header(ctx) {
  const v = ctx.view;
  return el('div', { class: 'ru-head' },
    el('span', { class: 'ru-hand-no', text: fill(ctx.t('handNo'), { n: v.hand_number }) }),
    el('span', { text: ctx.t('dealer') + ': ' + who(ctx, v.dealer) }),
    el('span', { text: fill(ctx.t('knockAt'), { n: option(ctx, 'knock_limit', 7) }) }),
    el('span', { text: fill(ctx.t('outAt'), { n: option(ctx, 'elimination_score', 100) }) }));
}

// ----- the last hand's reveal -----

function howEnded(ctx, lh) {
  const card = (lh.put_down || [])[0] || '';
  const w = lh.seat === null || lh.seat === undefined ? '' : who(ctx, lh.seat);
  if (lh.how === 'knock') return fill(ctx.t('howKnock'), { who: w });
  if (lh.how === 'gin') return fill(ctx.t('howGin'), { who: w, card });
  if (lh.how === 'rumino') return fill(ctx.t('howRumino'), { who: w, card });
  // A void hand's cause (stock out, turn limit) is in the server's words.
  return (lh.reason && lh.reason[ctx.lang]) || ctx.t('howVoid');
}

function scoreText(ctx, lh, b, i) {
  if (lh.how === 'rumino') return i === lh.seat ? ctx.t('ruminoWin') : ctx.t('notScored');
  if (lh.how === 'void') return ctx.t('notScored');
  const pts = lh.how === 'gin' && i === lh.seat ? ctx.t('ginScore') : fill(ctx.t('plus'), { n: b.points });
  const out = option(ctx, 'elimination_score', 100);
  return pts + ctx.t('sep') + fill(ctx.t('total'), { n: b.total }) + (b.total >= out ? ' (' + fill(ctx.t('reached'), { n: out }) + ')' : '');
}

function lastHandRow(ctx, lh, i) {
  const b = lh.breakdown[i];
  let own = { melds: b.melds, deadwood: b.deadwood, deadwood_points: b.deadwood_points, hand: lh.hands[i] };
  // A Rumino is one 7-card combination (RU-7), not the 4+3 melds it also makes.
  if (lh.how === 'rumino' && i === lh.seat) own = { melds: [ruminoOrder([...b.melds.flat(), ...b.deadwood])], deadwood: [], deadwood_points: 0, rumino: true };
  return el('li', { class: 'ru-lh-row' + (i === lh.seat ? ' ru-ender' : '') },
    el('div', { class: 'ru-lh-head' }, el('span', { class: 'ru-seatno', text: String(i + 1) }),
      el('b', { text: nameOf(ctx, i) }), el('span', { class: 'ru-lh-score', text: scoreText(ctx, lh, b, i) })),
    layout(ctx, own, false),
    b.melds.length || b.deadwood.length ? null : el('p', { class: 'ru-note', text: ctx.t('noDeadwood') }));
}

// Collapsible, open while the next hand is fresh or the game is over; a
// reader's own open/close choice is kept across redraws of the same hand.
const lastOpen = { hand: null, open: null };

function lastHand(ctx) {
  const v = ctx.view, lh = v.last_hand;
  if (!lh) return null;
  // Fresh: until the viewer (a spectator: anyone) has discarded in this hand.
  const played = v.discarded_by.filter((x) => x !== null && (ctx.seat === null || x === ctx.seat));
  const fresh = v.phase === 'over' || v.phase === 'rebuy' || !played.length;
  const open = lastOpen.hand === lh.hand && lastOpen.open !== null ? lastOpen.open : fresh;
  const list = el('ol', { class: 'ru-lh-list' });
  lh.hands.forEach((h, i) => { if (h && lh.breakdown[i]) list.append(lastHandRow(ctx, lh, i)); });
  const d = el('details', { class: 'ru-last', open: open || null },
    el('summary', {}, el('b', { text: fill(ctx.t('lastHand'), { n: lh.hand }) }), ': ', howEnded(ctx, lh)), list);
  // A details made open fires a toggle too: only a change is the reader's.
  d.addEventListener('toggle', () => { if (d.open !== open) { lastOpen.hand = lh.hand; lastOpen.open = d.open; } });
  return d;
}

export function render(ctx) {
  const felt = el('div', { class: 'ru-felt' }, seats(ctx),
    el('div', { class: 'ru-centre' }, stockZone(ctx), discardZone(ctx), poolZone(ctx)),
    banner(ctx), ctx.seat !== null && !ctx.open ? ownHand(ctx) : null);
  return el('div', { class: 'ru-board', role: 'group', 'aria-label': ctx.t('board') }, header(ctx), felt, lastHand(ctx));
}

// Cards for the rules page (rules.js): a meld of three and a joker.
export function rulesCards(t, lang) { return ['7H', '8H', '9H', 'JK'].map((c) => playingCard(c, lang)); }
