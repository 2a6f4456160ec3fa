// The rules of a game as a short illustrated page, one click away from the
// lobby and the table (issue 24): cards drawn by the game's own board
// module, one worked example turn, the game's rules text from the server
// (`rules`: the game's rules_text, in the connection's language, with the
// options in force), Draft Babasuki's card values as a table, and the
// table's options in words. A modal dialog, so the table stays where it was.
import { el } from './dom.js';
import { S, render } from './state.js';
import { T, getLang, wordsOf, seatWord } from './i18n.js';
import { boardFor } from './boards/index.js';
import { simOnly, optLabel, valueWords, isSeatOpt } from './options.js';

// What the pictured cards are, and one turn played out, per game.
const PAGE = {
  racko: {
    en: { cards: ['a low card: keep it near the front of your rack', 'a middle card', 'a high card: it belongs at the back'],
      example: 'Your rack reads 5 12 9 … from the front. You take the 10 from the discard pile and put it in place of the 12: now 5 10 9 … — still not rising, so next turn you look for a card between 5 and 9 for the middle, or an 11 to replace the 9.' },
    ja: { cards: ['小さい数: ラックの手前に', '真ん中の数', '大きい数: ラックの奥に'],
      example: 'ラックが手前から 5 12 9 … のとき、捨て札の 10 を取って 12 と入れ替えると 5 10 9 … になります。まだ昇順ではないので、次の手番では 9 を 11 などに替えるカードを探します。' },
  },
  ragamaru: {
    en: { cards: ['a number card (red 9)', 'an attack card: Try, blue', 'the Sin Bin'],
      example: 'The pile shows red 7. You play red 9 (same colour); the next player must match red, 9 or the card type, or else draw a card. Had you played a red Try instead, the next player would have had to stack a Try on it, cancel it with a TMO, or draw 5 cards.' },
    ja: { cards: ['数字カード (赤の9)', '攻撃カード: トライ (青)', 'シンビン'],
      example: '場が赤の7なら、同じ色の赤の9を出せます。次の人は赤か9を出すか、山札から引きます。赤のトライを出していれば、次の人はトライを重ねるか、TMOで取り消すか、5枚引くことになります。' },
  },
  rumino: {
    en: { cards: ['7, 8 and 9 of hearts: a run (a meld)', '', '', 'a joker stands for any card in a meld'],
      example: 'Your turn starts with 7 cards; your deadwood (cards in no meld) is 12, over the knock limit of 7, so you draw from the stock: the 9 of hearts, a run with your 7 and 8 of hearts. You discard the king of clubs. Your deadwood is now 6, so at the start of your next turn, before drawing, you may knock and end the hand.' },
    ja: { cards: ['ハートの7・8・9: 連続したメルド', '', '', 'ジョーカーはメルドのどのカードの代わりにもなる'],
      example: '手番の始めは7枚。メルドにならない札の点数が12でノックの上限7を超えているので、山札から引きます。ハートの9なら、手札のハートの7・8と連続のメルドになります。クラブのKを捨てると点数は6。次の手番の始め、引く前にノックしてディールを終えられます。' },
  },
  babasuki: {
    en: { cards: ['a villain: played to raid', 'a hero: catches a villain of its suit', 'a treasure: the prize of a raid', 'a cat: a raid on it comes to nothing'],
      example: 'You play villain V1 (Sun) and draw blind from your neighbour: it is treasure T15, which shares the Sun suit, so you score both cards (3 + 7 secured points). Had you drawn hero H8 (Sun), its owner would have scored both instead.' },
    ja: { cards: ['ヴィラン: 出して隣から引く', 'ヒーロー: 同じスートのヴィランを捕まえる', 'おたから: 引けたら得点', 'ねこ: 引いても何も起こらない'],
      example: 'ヴィラン V1 (太陽) を出して隣の手札から1枚引くとおたから T15。太陽のスートが共通するので、2枚ともあなたが確保します (確保の点数 3 + 7)。ヒーロー H8 (太陽) を引いていたら、その持ち主が2枚とも確保していました。' },
  },
  comrade: {
    en: { cards: ['a card you play in a trick', 'a bid card: take it to bid 2 tricks in hearts', 'a joker: +1 to a bid'],
      example: 'Spades were led and you hold the queen of spades: you must follow with it. Your bid was one trick in spades; winning this trick makes it exactly. The team wins the deal only if every player takes exactly what they bid.' },
    ja: { cards: ['トリックに出すカード', '場札: 取るとハートで2トリックのビッド', 'ジョーカー: ビッドに+1'],
      example: 'スペードが出されていて、手札にスペードのQがあれば、それを出さなければなりません。スペードで1トリックのビッドなら、このトリックを取ればちょうどです。全員がビッドどおりに取れば、チームの勝ちです。' },
  },
};

const WORDS = {
  en: { pictured: 'The cards', example: 'One turn, played out', text: 'How to play', values: 'Card values',
    card: 'Cards', secured: 'Secured (score pile)', handPts: 'In hand', optsTable: 'This table’s options', optsDefault: 'Options (the defaults)' },
  ja: { pictured: 'カード', example: '手番の例', text: '遊び方', values: 'カードの点数',
    card: 'カード', secured: '確保 (得点の山)', handPts: '手札', optsTable: 'このテーブルのオプション', optsDefault: 'オプション (既定)' },
};
const W = (k) => (WORDS[getLang()] || WORDS.en)[k];

// "Card values (secured/hand): Villains 1-4 3/0, Villain 5 2/0, …" (or
// 「ヴィラン1-4 3/0、…」, the cards named as the rules text names them) →
// rows of a table.
const VALUE_RE = /(Villains?|Heroes|Hero|Treasures?|Cats?|ヴィラン|ヒーロー|おたから|ねこ) ?(\d+)(?:-(\d+))? (-?\d+)\/(-?\d+)/g;
function valueTable(line) {
  const rows = [...line.matchAll(VALUE_RE)];
  if (rows.length < 3) return null;
  const tb = el('tbody');
  for (const m of rows) {
    tb.append(el('tr', {}, el('th', { scope: 'row', text: m[1] + (/^[A-Z]/.test(m[1]) ? ' ' : '') + m[2] + (m[3] ? '–' + m[3] : '') }),
      el('td', { class: 'num', text: m[4] }), el('td', { class: 'num', text: m[5] })));
  }
  return el('table', { class: 'board-scores rules-values' },
    el('caption', { text: W('values') }),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: W('card') }), el('th', { scope: 'col', text: W('secured') }),
      el('th', { scope: 'col', text: W('handPts') }))), tb);
}

function pictured(game) {
  const b = boardFor(game);
  const page = (PAGE[game] || {})[getLang()] || (PAGE[game] || {}).en;
  if (!b || !b.rulesCards || !page) return null;
  const cards = b.rulesCards(wordsOf(b.texts || {}), getLang());
  const fig = el('div', { class: 'rules-cards' });
  cards.forEach((c, i) => {
    const cap = page.cards[i];
    fig.append(el('figure', { class: cap ? '' : 'joined' }, c, cap ? el('figcaption', { text: cap }) : null));
  });
  return el('section', { 'aria-labelledby': 'rules-pic-h' }, el('h3', { id: 'rules-pic-h', text: W('pictured') }), fig,
    el('h3', { text: W('example') }), el('p', { class: 'rules-example', text: page.example }));
}

function optionsInWords(game) {
  const g = S.games.find((x) => x.name === game);
  if (!g) return null;
  let opts = null;
  if (S.rules.table !== undefined) {
    const t = (S.last && S.last.table.id === S.rules.table && S.last.table) || S.tables.find((x) => x.id === S.rules.table);
    opts = t ? t.options : null;
  }
  const dl = el('dl', { class: 'rules-opts' });
  for (const o of g.options) {
    if (o.type === 'str' || o.type === 'string' || simOnly(game, o.key)) continue;
    const v = opts && opts[o.key] !== undefined ? opts[o.key] : o.default;
    dl.append(el('dt', { text: optLabel(game, o.key) }),
      el('dd', { text: isSeatOpt(o.key) && /^\d+$/.test(v) ? seatWord(v) : valueWords(game, o.key, v) }));
  }
  return el('section', {}, el('h3', { text: opts ? W('optsTable') : W('optsDefault') }), dl);
}

export function renderRules() {
  if (!S.rules) return null;
  const close = () => { S.rules = null; render(); };
  const text = el('div', { class: 'rules-text' });
  for (const line of S.rules.text.split('\n')) {
    if (!line.trim()) continue;
    const vt = S.rules.game === 'babasuki' ? valueTable(line) : null;
    text.append(vt || el('p', { text: line }));
  }
  const d = el('dialog', { id: 'rules', class: 'rules-page', 'aria-labelledby': 'rules-h', onclose: () => { if (S.rules) close(); } },
    el('h2', { id: 'rules-h', text: T('rules') + ' — ' + S.rules.title }),
    pictured(S.rules.game),
    el('h3', { text: W('text') }), text,
    optionsInWords(S.rules.game),
    el('button', { type: 'button', id: 'rules-close', class: 'primary', text: T('close'), onclick: close }));
  requestAnimationFrame(() => { if (d.isConnected && !d.open) d.showModal(); });
  return d;
}
