// A game's options as a person reads them (issue 24): labels and values in
// words in both languages, which options are for simulations only (turn
// caps: not offered to people), which values do not fit the player count
// (disabled, with the reason), and which field a server refusal names.
// The rules themselves are the engine's: the server refuses a table that
// could never start and says why; these checks only say it sooner.
import { getLang } from './i18n.js';
import { boardFor } from './boards/index.js';

// Caps that keep bots' games finite in a simulator; a person never needs one.
const SIM_ONLY = {
  racko: ['max_turns_per_round'], ragamaru: ['max_arrivals'], rumino: ['max_turns_per_hand'],
  babasuki: ['max_rounds', 'relaxed', 'cards'], comrade: [],
};
export function simOnly(game, key) { return (SIM_ONLY[game] || []).includes(key); }

// Options that name a seat: offered as the seats of the table.
const SEAT_OPTS = ['first_dealer', 'first_player', 'dealer'];
export function isSeatOpt(key) { return SEAT_OPTS.includes(key); }

const EN = {
  labels: {
    players: 'Players', target_score: 'Target score', first_dealer: 'First dealer', bonus_racko: 'Bonus Rack-O',
    two_player_rule: 'Two-player rule', partnership: 'Partnerships', tie_rule: 'A tie at the top',
    deck: 'Deck', first_player: 'First player', teams: 'Teams', unlimited_multiples: 'Unlimited multiples',
    strict_draw: 'Strict draw', free_advantage: 'Free Advantage', ante: 'Ante', knock_limit: 'Knock limit',
    elimination_score: 'Out at', natural_rumino: 'Natural Rumino', max_rebuys_total: 'Rebuys in the game',
    void_on_empty_stock: 'Empty stock voids the hand', three_gins: 'Three Gins win', rumino_claim: 'Rumino claim',
    free_discard: 'Free discard', starting_chips: 'Starting chips', sudden_death: 'Sudden death',
    one_shot: 'One round only', target_arranges: 'The target arranges', deals: 'Deals', dealer: 'First dealer',
    ace_high: 'Ace high', safe_bids: 'Hide bids over the target',
  },
  choices: {
    random: 'Random', none: 'None', auto: 'One per seat', unlimited: 'Unlimited', ledger: 'Ledger (chips may go below zero)',
    optional_declare: 'Declaring Rack-O is optional', run_required: 'A run of 3 is needed to declare',
    shared: 'The tied players share the win', play_on: 'Play on to a single winner',
    advanced: 'Advanced (108 cards)', advanced_noloop: 'Advanced without Loops (104 cards)',
    beginner: 'Beginner (106 cards)', beginner_noloop: 'Beginner without Loops (102 cards)',
  },
  // Values of an int option that are words, not amounts.
  values: { teams: { 0: 'every player alone' } },
};
const JA_VALUES = { teams: { 0: '個人戦' } };
const JA_EXTRA = { auto: '全員が1回ずつ親', unlimited: '無制限', ledger: '記帳(マイナスも可)', none: 'なし' };

function ja(game) { const b = boardFor(game); return (b && b.lobby && b.lobby.ja) || {}; }

export function optLabel(game, key) {
  if (getLang() === 'ja') { const l = (ja(game).labels || {})[key]; if (l) return l; }
  return EN.labels[key] || key.replace(/_/g, ' ');
}

export function valueWords(game, key, v) {
  v = String(v);
  if (getLang() === 'ja') {
    const w = (JA_VALUES[key] || {})[v] || (ja(game).choices || {})[v] || JA_EXTRA[v];
    if (w) return w;
    if (v === 'true') return 'あり';
    if (v === 'false') return 'なし';
    return v;
  }
  const w = (EN.values[key] || {})[v] || EN.choices[v];
  if (w) return w;
  if (v === 'true') return 'on';
  if (v === 'false') return 'off';
  return v;
}

// Why a value does not fit n players, in the page language, or null.
// (The engine's checks: racko options.c, ragamaru teams, comrade players.)
const R = {
  two: { en: 'only with 2 players', ja: '2人プレイのみ' },
  four: { en: 'only with 4 players', ja: '4人プレイのみ' },
  teams: { en: 'team play needs 4, 6 or 8 players in equal teams of 2 or more', ja: '団体戦は4・6・8人で、2人以上の同じ人数のチームが必要' },
  seat: { en: 'no such seat with {n} players', ja: '{n}人ではこの席はありません' },
  comrade4: { en: 'the rule book has no 4-player rules (play 5, or 3)', ja: '4人用のルールはありません(5人か3人で)' },
};
const say = (r, n) => r[getLang() === 'ja' ? 'ja' : 'en'].replace('{n}', String(n));

export function misfit(game, key, v, n) {
  v = String(v);
  if (key === 'players' && game === 'comrade' && v === '4') return say(R.comrade4, n);
  if (isSeatOpt(key) && /^\d+$/.test(v) && Number(v) >= n) return say(R.seat, n);
  if (game === 'racko' && key === 'two_player_rule' && v !== 'none' && n !== 2) return say(R.two, n);
  if (game === 'racko' && key === 'partnership' && v === 'true' && n !== 4) return say(R.four, n);
  if (game === 'ragamaru' && key === 'teams' && v !== '0') {
    const k = Number(v);
    if (![4, 6, 8].includes(n) || k < 2 || n % k !== 0 || n / k < 2) return say(R.teams, n);
  }
  return null;
}

// The option a refusal names: "partnership=true needs players=4",
// "option ante: 5 is more than starting_chips 1", "players: ...".
export function fieldOfError(msg, keys) {
  const m = /^(?:option )?([a-z_]+)\s*[=:]/.exec(msg || '');
  return m && keys.includes(m[1]) ? m[1] : null;
}
