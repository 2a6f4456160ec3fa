// The page's language (English or Japanese), switchable at any time, and the
// words of the page itself. A game's own terms live in its board module
// (boards/<game>.js, `texts`); what the server writes (moves, events, rules)
// comes in the language the connection asked for.
const TEXTS = {
  en: {
    connecting: 'Connecting…', connected: 'Connected', retry: 'Connection lost; reconnecting…',
    restarting: 'The server is restarting; reconnecting…',
    newTable: 'New table', game: 'Game', players: 'Players', seat: 'Seat', person: 'a person',
    yourName: 'Your name', create: 'Create and sit down', tables: 'Tables', status: 'Status',
    seats: 'Seats', moves: 'Moves', join: 'Join', watch: 'Watch', backToSeat: 'Back to your seat', open: 'open', running: 'running',
    finished: 'finished', away: 'away', you: 'you', toMove: 'to move',
    share: 'Share this link with the other players:', copy: 'Copy link', copied: 'Copied',
    waiting: 'Waiting for players to sit down.', yourTurn: 'Your turn', waitingFor: 'Waiting for',
    log: 'What happened', spectator: 'You are watching.', rematch: 'Play again', record: 'Download the record',
    confirm: 'Click again to play it', lobby: 'Lobby', over: 'The game is over.',
    joinAs: 'Sit down at this table', noSeat: 'No open seat: you can watch.', options: 'Options',
    rules: 'Rules', close: 'Close', replay: 'Replay', move: 'Move', hand: 'Hand',
    first: 'Start', prev: 'Back', next: 'Forward', last: 'End', viewAs: 'Seen by', allOpen: 'all cards open',
    spectatorView: 'a spectator', picked: 'Picked', playPicked: 'Play the picked cards', clearPick: 'Clear',
    pickHint: 'Pick cards in your hand, then confirm.', result: 'Result', rank: 'Rank', score: 'Score',
    noGames: 'No tables yet.', finishedGames: 'Finished games', openTables: 'Open and running tables',
    legalMoves: 'Your moves', board: 'Board', textBoard: 'Text board', cards: 'cards',
    handEnd: 'Hand over', summary: 'Summary', reason: 'Why it ended', boardOf: 'Board of',
    none: 'none', yes: 'yes', no: 'no', default: 'default', emptyIs: 'empty:',
    chat: 'Chat', chatShow: 'Show', chatHide: 'Hide', unread: 'unread', send: 'Send', chatSay: 'Say something to the table',
    phrases: 'Quick phrases', mute: 'Mute', unmute: 'Unmute', mutedHidden: 'Hidden messages of people you muted:',
    chatEmpty: 'Nothing said yet.', chatReadOnly: 'Spectators read the chat of this table but do not write.',
    chatTooLong: 'A message is at most 500 bytes.', aSpectator: 'a spectator', spectatorShort: 'spectator',
    leave: 'Leave', leaveHint: 'The computer plays your seat; open the table again to come back.',
    awaySince: 'away since {t}', leftAt: 'left at {t}', timeLeft: 'Time left', sound: 'Sound on my turn', notify: 'Notify me',
    clock: 'Turn clock', clockNone: 'none', spectatorChat: 'Spectators may chat',
  },
  ja: {
    connecting: '接続中…', connected: '接続しました', retry: '切断されました。再接続しています…',
    restarting: 'サーバーを再起動しています。再接続します…',
    newTable: '新しいテーブル', game: 'ゲーム', players: '人数', seat: '席', person: '人間',
    yourName: 'あなたの名前', create: '作って着席する', tables: 'テーブル', status: '状態',
    seats: '席', moves: '手数', join: '参加', watch: '観戦', backToSeat: '自分の席に戻る', open: '空き', running: '対戦中',
    finished: '終了', away: '離席', you: 'あなた', toMove: '手番',
    share: 'このリンクを他のプレイヤーに送ってください:', copy: 'リンクをコピー', copied: 'コピーしました',
    waiting: 'プレイヤーの着席を待っています。', yourTurn: 'あなたの番です', waitingFor: '手番:',
    log: '経過', spectator: '観戦中です。', rematch: 'もう一度遊ぶ', record: '棋譜をダウンロード',
    confirm: 'もう一度クリックで実行', lobby: 'ロビー', over: 'ゲームは終わりました。',
    joinAs: 'このテーブルに着席する', noSeat: '空き席がありません。観戦できます。', options: 'オプション',
    rules: 'ルール', close: '閉じる', replay: 'リプレイ', move: '手', hand: 'ディール',
    first: '最初', prev: '戻る', next: '進む', last: '最後', viewAs: '視点', allOpen: '全員の手札を公開',
    spectatorView: '観戦者', picked: '選択中', playPicked: '選んだカードを出す', clearPick: '選択を解除',
    pickHint: '手札からカードを選んでから確定してください。', result: '結果', rank: '順位', score: '得点',
    noGames: 'テーブルはまだありません。', finishedGames: '終わったゲーム', openTables: '募集中・対戦中のテーブル',
    legalMoves: 'あなたの手', board: '盤面', textBoard: 'テキスト盤面', cards: '枚',
    handEnd: 'ディール終了', summary: 'まとめ', reason: '終わった理由', boardOf: '盤面:',
    none: 'なし', yes: 'はい', no: 'いいえ', default: '既定', emptyIs: '空欄は',
    chat: 'チャット', chatShow: '開く', chatHide: '閉じる', unread: '件の未読', send: '送信', chatSay: 'テーブルにひとこと',
    phrases: '定型文', mute: 'ミュート', unmute: 'ミュート解除', mutedHidden: 'ミュートした人の非表示メッセージ:',
    chatEmpty: 'まだ発言はありません。', chatReadOnly: 'このテーブルでは観戦者はチャットを読むだけです。',
    chatTooLong: 'メッセージは500バイトまでです。', aSpectator: '観戦者', spectatorShort: '観戦',
    leave: '退席', leaveHint: 'コンピュータがあなたの代わりにプレイします。テーブルを開き直すと戻れます。',
    awaySince: '{t} から離席中', leftAt: '{t} に退席', timeLeft: '残り時間', sound: '手番で音を鳴らす', notify: '通知する',
    clock: '持ち時間', clockNone: 'なし', spectatorChat: '観戦者もチャットできる',
  },
};

// Issue 24: levels of computer player and "Suggest a move", in a block of
// their own (the level words are what people see; bot names stay behind them).
Object.assign(TEXTS.en, {
  levelEasy: 'Computer: Easy', levelNormal: 'Computer: Normal', levelHard: 'Computer: Hard', levelExpert: 'Computer: Expert',
  levelEasyTip: 'Plays any legal move at random: good for learning the rules.',
  levelNormalTip: 'Plays sensible moves by simple rules of thumb.',
  levelHardTip: 'Thinks ahead by trying out many possible deals (under a tenth of a second a move).',
  levelExpertTip: 'Thinks longest (up to a second a move): the strongest there is.',
  hints: 'Allow "Suggest a move"', hintAsk: 'Suggest a move', hintIs: 'Suggested:',
  hintTip: 'What the Normal computer player would play here, from your cards only.',
  hintWhy: 'What the Normal computer player would do here.',
});
Object.assign(TEXTS.ja, {
  levelEasy: 'コンピュータ：やさしい', levelNormal: 'コンピュータ：ふつう', levelHard: 'コンピュータ：つよい', levelExpert: 'コンピュータ：達人',
  levelEasyTip: '合法手からでたらめに選びます。ルールを覚えるのに向いています。',
  levelNormalTip: '簡単な定石に沿って無難に指します。',
  levelHardTip: 'ありうる配り方を多数試して先を読みます（1手0.1秒以内）。',
  levelExpertTip: 'いちばん長く考えます（1手1秒まで）。最強です。',
  hints: '「ヒント」を使える', hintAsk: 'ヒント', hintIs: 'おすすめ:',
  hintTip: 'あなたの手札と公開情報だけから、コンピュータ（ふつう）ならこう指す、という手を示します。',
  hintWhy: 'コンピュータ（ふつう）ならこう指します。',
});
const LEVEL_KEY = { easy: 'levelEasy', normal: 'levelNormal', hard: 'levelHard', expert: 'levelExpert' };
// A level's words for people ("Computer: Hard"), and its one-line tooltip.
export function levelName(l) { return LEVEL_KEY[l] ? T(LEVEL_KEY[l]) : l; }
export function levelTip(l) { return LEVEL_KEY[l] ? T(LEVEL_KEY[l] + 'Tip') : ''; }

let lang = localStorage.getItem('cardhall.lang') ||
  ((navigator.language || 'en').toLowerCase().startsWith('ja') ? 'ja' : 'en');

export function getLang() { return lang; }

export function setLang(l) {
  lang = l === 'ja' ? 'ja' : 'en';
  localStorage.setItem('cardhall.lang', lang);
  document.documentElement.lang = lang;
}

export function T(key) { return TEXTS[lang][key] ?? TEXTS.en[key] ?? key; }
// A seat as people count them, from 1: "Seat 2" / 「席2」 (the protocol
// counts from 0).
export function seatWord(i) { return lang === 'ja' ? '席' + (Number(i) + 1) : 'Seat ' + (Number(i) + 1); }

// "{n} pts" with the values put in; a name without a value stays as it is.
export function fill(text, vals) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in vals ? String(vals[k]) : m));
}

// A module's own table of words: {en: {...}, ja: {...}} → key => text.
export function wordsOf(table) {
  return (key) => (table[lang] && table[lang][key]) ?? (table.en && table.en[key]) ?? key;
}

// Bot names as a person reads them (a search player keeps its settings).
const BOT_JA = { heuristic: 'コンピュータ', random: 'ランダム', ismcts: 'コンピュータ(木探索)', pimc: 'コンピュータ(モンテカルロ探索)', solver: 'コンピュータ(全手札読み探索)' };
const BOT_EN = { heuristic: 'computer', random: 'random player', ismcts: 'computer (ISMCTS tree search)', pimc: 'computer (PIMC Monte Carlo search)', solver: 'computer (open-hand solver search)' };
export function botName(n) {
  if (LEVEL_KEY[n]) return levelName(n); // a level seat (issue 24)
  const base = n.split(':')[0];
  const t = lang === 'ja' ? BOT_JA : BOT_EN;
  return t[base] ? t[base] + (n.includes(':') ? ' ' + n.slice(n.indexOf(':') + 1) : '') : n;
}

// Computer players by name, one per seat, so a table of three bots is not
// three seats called "computer": a fixed list, so a seat keeps its name for
// the whole table, and in both languages.
const BOT_SEAT_NAMES = {
  en: ['Ada', 'Bruno', 'Chika', 'Dev', 'Elsa', 'Farid', 'Greta', 'Hugo'],
  ja: ['エイダ', 'ブルーノ', 'チカ', 'デヴ', 'エルザ', 'ファリド', 'グレタ', 'ユーゴ'],
};
export function botSeatName(seat) { return (BOT_SEAT_NAMES[lang] || BOT_SEAT_NAMES.en)[seat % 8]; }

// A seat as people count it, from 1: "Seat 3", "席3".
export function seatNumber(i) { return lang === 'ja' ? '席' + (i + 1) : 'Seat ' + (i + 1); }

// The server's texts name a seat p by the placeholder "{Pp}" (games know no
// names): filled here with the seats' names, or their numbers.
export function fillSeats(text, names) {
  if (typeof text !== 'string' || !text.includes('{P')) return text;
  return text.replace(/\{P(\d)\}/g, (m, d) => (names && names[Number(d)]) || seatNumber(Number(d)));
}

// The same inside any JSON value (a view's last_hand texts), as a copy.
export function fillSeatsDeep(x, names) {
  if (typeof x === 'string') return fillSeats(x, names);
  if (Array.isArray(x)) return x.map((y) => fillSeatsDeep(y, names));
  if (x && typeof x === 'object') {
    const o = {};
    for (const k of Object.keys(x)) o[k] = fillSeatsDeep(x[k], names);
    return o;
  }
  return x;
}

export function gameTitle(g) { return lang === 'ja' && g.title_ja ? g.title_ja : g.title; }
export function gameSummary(g) { return lang === 'ja' && g.summary_ja ? g.summary_ja : g.summary; }
