// The card table in the browser: lobby and table over the server's WebSocket
// protocol (docs/ws-protocol.md). Plain ES module, no build step, nothing
// fetched from elsewhere; every text from the server or other players goes
// into the page as text, never as HTML. The board is the game's own text
// board as this seat may see it (the server renders it per viewer), with the
// legal moves as buttons.

const TEXTS = {
  en: {
    connecting: 'Connecting…', connected: 'Connected', retry: 'Connection lost; reconnecting…',
    newTable: 'New table', game: 'Game', players: 'Players', seat: 'Seat', person: 'a person',
    yourName: 'Your name', create: 'Create and sit down', tables: 'Tables', status: 'Status',
    seats: 'Seats', moves: 'Moves', join: 'Join', watch: 'Watch', open: 'open', running: 'running',
    finished: 'finished', away: 'away', you: 'you', toMove: 'to move', share: 'Share this link with the other players:',
    waiting: 'Waiting for players to sit down.', yourTurn: 'Your turn', notYourTurn: 'Waiting for',
    log: 'What happened', spectator: 'You are watching.', rematch: 'Play again', record: 'Download the record',
    confirm: 'Click again to play it', lobby: 'Back to the lobby', over: 'The game is over.',
    joinAs: 'Sit down at this table', noSeat: 'No open seat: you can watch.', options: 'Options',
    summaryOf: 'Game', handOver: 'Hand over', move: 'move',
  },
  ja: {
    connecting: '接続中…', connected: '接続しました', retry: '切断されました。再接続しています…',
    newTable: '新しいテーブル', game: 'ゲーム', players: '人数', seat: '席', person: '人間',
    yourName: 'あなたの名前', create: '作って着席する', tables: 'テーブル', status: '状態',
    seats: '席', moves: '手数', join: '参加', watch: '観戦', open: '空き', running: '対戦中',
    finished: '終了', away: '離席', you: 'あなた', toMove: '手番', share: 'このリンクを他のプレイヤーに送ってください:',
    waiting: 'プレイヤーの着席を待っています。', yourTurn: 'あなたの番です', notYourTurn: '手番:',
    log: '経過', spectator: '観戦中です。', rematch: 'もう一度遊ぶ', record: '棋譜をダウンロード',
    confirm: 'もう一度クリックで実行', lobby: 'ロビーに戻る', over: 'ゲームは終わりました。',
    joinAs: 'このテーブルに着席する', noSeat: '空き席がありません。観戦できます。', options: 'オプション',
    summaryOf: 'ゲーム', handOver: 'ハンド終了', move: '手',
  },
};

let lang = localStorage.getItem('cardhall.lang') || ((navigator.language || 'en').toLowerCase().startsWith('ja') ? 'ja' : 'en');
const T = (k) => TEXTS[lang][k] || TEXTS.en[k] || k;

const state = {
  ws: null, games: [], tables: [], table: null, seat: null, watching: false,
  last: null, log: [], armed: null, error: '',
};

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids) if (k) e.append(k);
  return e;
}

// ---- connection ----

function send(msg) {
  if (state.ws && state.ws.readyState === 1) state.ws.send(JSON.stringify(msg));
}

function tokenKey(id) { return 'cardhall.token.' + id; }

function connect() {
  setStatus(T('connecting'));
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/');
  state.ws = ws;
  ws.onopen = () => {
    setStatus(T('connected'));
    send({ type: 'games' });
    send({ type: 'list' });
    enterRoute();
  };
  ws.onmessage = (e) => onMessage(JSON.parse(e.data));
  ws.onclose = () => {
    setStatus(T('retry'));
    setTimeout(connect, 1500);
  };
}

function onMessage(m) {
  switch (m.type) {
  case 'games': state.games = m.games; render(); break;
  case 'tables': state.tables = m.tables; if (!state.last) render(); break;
  case 'created': {
    const id = m.table.id;
    location.hash = '#table=' + id;
    send({ type: 'join', table: id, name: pendingName || 'player', lang });
    break;
  }
  case 'joined':
    if (m.token) localStorage.setItem(tokenKey(m.table), m.token);
    state.seat = m.seat;
    state.watching = false;
    break;
  case 'state': onState(m); break;
  case 'record': download(m); break;
  case 'replaced': setStatus(''); break;
  case 'error':
    state.error = m.error + (m.reason ? ' — ' + m.reason : '');
    if (m.for === 'resume') { localStorage.removeItem(tokenKey(routeTable())); state.seat = null; }
    render();
    break;
  default: break;
  }
}

function onState(m) {
  if (state.table && state.table.id !== m.table.id) state.log = [];
  state.table = m.table;
  state.seat = m.seat;
  state.last = m;
  state.armed = null;
  state.error = '';
  if (m.events && m.move) {
    for (const ev of m.events) if (ev.text) state.log.push(m.move + '. ' + ev.text);
    if (state.log.length > 300) state.log.splice(0, state.log.length - 300);
  }
  render();
}

// ---- routing ----

function routeTable() {
  const m = /^#table=(\d+)$/.exec(location.hash);
  return m ? Number(m[1]) : null;
}

function enterRoute() {
  const id = routeTable();
  state.error = '';
  if (id === null) { state.table = null; state.last = null; state.log = []; render(); send({ type: 'list' }); return; }
  const token = localStorage.getItem(tokenKey(id));
  if (token) send({ type: 'resume', table: id, token, lang });
  else if (state.watching) send({ type: 'watch', table: id, lang });
  else { state.table = null; state.last = null; render(); send({ type: 'list' }); }
}

window.addEventListener('hashchange', enterRoute);

// ---- pages ----

let pendingName = localStorage.getItem('cardhall.name') || '';

function setStatus(s) { document.getElementById('status').textContent = s; }

function gameTitle(g) { return lang === 'ja' && g.title_ja ? g.title_ja : g.title; }

function render() {
  const main = document.getElementById('main');
  main.textContent = '';
  document.documentElement.lang = lang;
  document.getElementById('lang').textContent = lang === 'ja' ? 'English' : '日本語';
  if (state.error) main.append(el('p', { class: 'error', role: 'alert', text: state.error }));
  if (routeTable() === null) renderLobby(main);
  else renderTable(main);
}

function renderLobby(main) {
  const box = el('section', { class: 'card-box', 'aria-labelledby': 'new-h' }, el('h2', { id: 'new-h', text: T('newTable') }));
  const gameSel = el('select', { id: 'game' });
  for (const g of state.games) gameSel.append(el('option', { value: g.name, text: gameTitle(g) }));
  const saved = localStorage.getItem('cardhall.game');
  if (saved && state.games.some((g) => g.name === saved)) gameSel.value = saved;
  const summary = el('p', { class: 'muted' });
  const playersSel = el('select', { id: 'players' });
  const seatsBox = el('div', { class: 'seats' });
  const optsBox = el('div');
  const nameIn = el('input', { id: 'name', value: pendingName, maxlength: '31', autocomplete: 'nickname' });
  const game = () => state.games.find((g) => g.name === gameSel.value);
  const fillSeats = () => {
    seatsBox.textContent = '';
    const g = game();
    const n = Number(playersSel.value);
    for (let i = 0; i < n; i++) {
      const sel = el('select', { 'aria-label': T('seat') + ' ' + i, 'data-seat': String(i) });
      sel.append(el('option', { value: 'open', text: T('person') }));
      for (const b of g.bots) sel.append(el('option', { value: b, text: botName(b) }));
      sel.value = i === 0 ? 'open' : (g.bots.includes('heuristic') ? 'heuristic' : 'random');
      seatsBox.append(el('label', { class: 'seat' }, T('seat') + ' ' + i + ' ', sel));
    }
  };
  const fillGame = () => {
    const g = game();
    if (!g) return;
    summary.textContent = g.summary;
    playersSel.textContent = '';
    const po = g.options.find((o) => o.key === 'players');
    const lo = po ? po.min : g.min_players, hi = po ? po.max : g.max_players;
    for (let n = lo; n <= hi; n++) playersSel.append(el('option', { value: String(n), text: String(n) }));
    playersSel.value = po ? po.default : String(lo);
    optsBox.textContent = '';
    for (const o of g.options) {
      if (o.key === 'players' || o.type === 'string' || o.type === 'str') continue;
      let input;
      if (o.type === 'bool') {
        input = el('input', { type: 'checkbox', 'data-opt': o.key });
        input.checked = o.default === 'true';
      } else if (o.type === 'enum' || (o.range && o.range.includes('|'))) {
        input = el('select', { 'data-opt': o.key });
        for (const v of o.range.replace(/^[a-z]+ /, '').split('|')) input.append(el('option', { value: v, text: v }));
        input.value = o.default;
      } else if (o.type === 'int') {
        input = el('input', { type: 'text', inputmode: 'numeric', 'data-opt': o.key, value: o.default, size: '8' });
      } else continue;
      optsBox.append(el('div', { class: 'form-row' }, el('label', { text: o.key, title: o.help }), input,
        el('span', { class: 'muted', text: o.help })));
    }
    fillSeats();
  };
  gameSel.addEventListener('change', () => { localStorage.setItem('cardhall.game', gameSel.value); fillGame(); });
  playersSel.addEventListener('change', fillSeats);
  fillGame();
  const details = el('details', {}, el('summary', { text: T('options') }), optsBox);
  const create = el('button', { type: 'button', id: 'create', text: T('create'), onclick: () => {
    pendingName = nameIn.value.trim() || 'player';
    localStorage.setItem('cardhall.name', pendingName);
    const options = { players: Number(playersSel.value) };
    for (const i of optsBox.querySelectorAll('[data-opt]')) {
      const g = game().options.find((o) => o.key === i.dataset.opt);
      const v = i.type === 'checkbox' ? String(i.checked) : i.value;
      if (v !== g.default) options[i.dataset.opt] = v;
    }
    const seats = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    send({ type: 'create', game: gameSel.value, options, seats });
  } });
  box.append(
    el('div', { class: 'form-row' }, el('label', { for: 'game', text: T('game') }), gameSel), summary,
    el('div', { class: 'form-row' }, el('label', { for: 'players', text: T('players') }), playersSel),
    seatsBox, details,
    el('div', { class: 'form-row' }, el('label', { for: 'name', text: T('yourName') }), nameIn, create));
  main.append(box);

  const list = el('section', { class: 'card-box', 'aria-labelledby': 'tables-h' }, el('h2', { id: 'tables-h', text: T('tables') }));
  const tbl = el('table', { class: 'list' });
  tbl.append(el('thead', {}, el('tr', {}, ...['#', T('game'), T('status'), T('seats'), T('moves'), ''].map((h) => el('th', { text: h })))));
  const body = el('tbody');
  for (const t of [...state.tables].reverse()) {
    const g = state.games.find((x) => x.name === t.game);
    const seats = t.seats.map((s) => (s.kind === 'open' ? T('open') : (s.kind === 'bot' ? botName(s.name) : s.name) + (s.kind === 'person' && !s.present ? ' (' + T('away') + ')' : ''))).join(', ');
    const go = el('a', { href: '#table=' + t.id, text: t.seats.some((s) => s.kind === 'open') ? T('join') : T('watch') });
    body.append(el('tr', {}, el('td', { text: String(t.id) }), el('td', { text: g ? gameTitle(g) : t.game }),
      el('td', { text: T(t.status) }), el('td', { text: seats }), el('td', { text: String(t.moves) }), el('td', {}, go)));
  }
  tbl.append(body);
  list.append(tbl);
  main.append(list);
}

// Bot names as a person reads them (a search player keeps its settings).
const BOT_JA = { heuristic: 'コンピュータ', random: 'ランダム' };
function botName(n) { return lang === 'ja' && BOT_JA[n] ? BOT_JA[n] : n; }

function seatLabel(t, i) {
  const s = t.seats[i];
  const name = s.kind === 'open' ? T('open') : s.kind === 'bot' ? botName(s.name) : s.name;
  return 'P' + i + ' ' + name + (i === state.seat ? ' (' + T('you') + ')' : '') + (s.kind === 'person' && !s.present ? ' · ' + T('away') : '');
}

function renderTable(main) {
  const id = routeTable();
  const m = state.last && state.table && state.table.id === id ? state.last : null;
  main.append(el('p', {}, el('a', { href: '#', text: '← ' + T('lobby') })));
  if (!m) {
    // Not seated here yet: join a free seat or watch.
    const t = state.tables.find((x) => x.id === id);
    const box = el('section', { class: 'card-box' }, el('h2', { text: T('joinAs') + ' #' + id }));
    const nameIn = el('input', { id: 'name', value: pendingName, maxlength: '31', 'aria-label': T('yourName') });
    const open = !t || t.seats.some((s) => s.kind === 'open');
    if (open) {
      box.append(el('div', { class: 'form-row' }, el('label', { for: 'name', text: T('yourName') }), nameIn,
        el('button', { type: 'button', id: 'join', text: T('join'), onclick: () => {
          pendingName = nameIn.value.trim() || 'player';
          localStorage.setItem('cardhall.name', pendingName);
          send({ type: 'join', table: id, name: pendingName, lang });
        } })));
    } else box.append(el('p', { text: T('noSeat') }));
    box.append(el('button', { type: 'button', id: 'watch', text: T('watch'), onclick: () => { state.watching = true; send({ type: 'watch', table: id, lang }); } }));
    main.append(box);
    return;
  }
  const t = m.table;
  const g = state.games.find((x) => x.name === t.game);
  const head = el('section', { class: 'card-box', 'aria-label': T('seats') });
  head.append(el('h2', { text: (g ? gameTitle(g) : t.game) + ' #' + t.id }));
  const toMove = m.status ? m.status.to_move : null;
  const seats = el('div', { class: 'seats' });
  t.seats.forEach((s, i) => seats.append(el('span', { class: 'seat' + (i === toMove ? ' turn' : '') + (i === state.seat ? ' me' : ''),
    text: seatLabel(t, i) + (i === toMove ? ' — ' + T('toMove') : '') })));
  head.append(seats);
  if (t.status === 'open') {
    head.append(el('p', { text: T('waiting') }), el('p', { text: T('share') }), el('p', { class: 'share', text: location.href }));
  } else if (m.seat === null) head.append(el('p', { class: 'muted', text: T('spectator') }));
  main.append(head);
  if (t.status === 'open') return;

  const grid = el('div', { class: 'table-grid' });
  const left = el('section', { 'aria-label': 'board' });
  left.append(el('pre', { class: 'board', id: 'board', text: m.board || '' }));
  const moves = el('div', { class: 'moves', role: 'group', 'aria-label': T('yourTurn') });
  if (m.legal && m.legal.length) {
    left.append(el('h2', { text: T('yourTurn') }));
    m.legal.forEach((a, i) => {
      const armed = state.armed === a.action;
      const b = el('button', { type: 'button', class: 'move' + (a.warning ? ' warn' : ''), 'data-action': a.action,
        'aria-label': a.name + (a.warning ? ' — ' + a.warning : ''), onclick: () => {
          if (a.warning && state.armed !== a.action) { state.armed = a.action; render(); return; }
          send({ type: 'act', action: a.action });
        } }, el('span', { class: 'code', text: String(i + 1) }), a.name);
      if (a.warning) b.append(el('span', { class: 'flag', text: '⚠ ' + a.warning + (armed ? ' — ' + T('confirm') : '') }));
      moves.append(b);
    });
    left.append(moves);
  } else if (toMove !== null && toMove !== undefined) {
    left.append(el('p', { class: 'muted', text: T('notYourTurn') + ' ' + seatLabel(t, toMove) }));
  }
  if (m.status && m.status.result) {
    left.append(el('p', { text: T('over') }));
    if (m.seat !== null) left.append(el('button', { type: 'button', id: 'rematch', text: T('rematch'), onclick: () => send({ type: 'rematch' }) }));
    left.append(el('button', { type: 'button', id: 'record', text: T('record'), onclick: () => send({ type: 'record', table: t.id }) }));
  }
  const right = el('section', { 'aria-labelledby': 'log-h' }, el('h2', { id: 'log-h', text: T('log') }));
  const log = el('ol', { class: 'log', id: 'log', 'aria-live': 'polite' });
  for (const line of state.log) log.append(el('li', { text: line }));
  right.append(log);
  grid.append(left, right);
  main.append(grid);
  log.scrollTop = log.scrollHeight;
}

function download(m) {
  const blob = new Blob([JSON.stringify(m.record, null, 1)], { type: 'application/json' });
  const a = el('a', { href: URL.createObjectURL(blob), download: 'cardhall-' + m.table + '-' + m.game_no + '.json' });
  document.body.append(a);
  a.click();
  a.remove();
}

// Keyboard: digits play the n-th move when it is your turn.
document.addEventListener('keydown', (e) => {
  if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
  const n = Number(e.key);
  if (n >= 1 && n <= 9) {
    const b = document.querySelectorAll('.moves button')[n - 1];
    if (b) b.click();
  }
});

document.getElementById('lang').addEventListener('click', () => {
  lang = lang === 'ja' ? 'en' : 'ja';
  localStorage.setItem('cardhall.lang', lang);
  state.log = [];
  render();
  enterRoute();
  const id = routeTable();
  if (id !== null && state.watching) send({ type: 'watch', table: id, lang });
});

render();
connect();
