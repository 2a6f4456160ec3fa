// Placeholder client: lists the server's tables over the WebSocket
// protocol (docs/ws-protocol.md), in English or Japanese after the
// browser's language. No inline script: the page's Content-Security-Policy
// forbids it.
'use strict';

const TEXTS = {
  en: {
    connecting: 'Connecting…', connected: 'Connected.', retry: 'Disconnected; retrying…',
    tables: 'Tables', game: 'Game', state: 'Status', seats: 'Seats', moves: 'Moves',
    note: "This page only lists the server's tables; the browser client that plays them is its own piece of work.",
    open: 'open', running: 'running', finished: 'finished', away: 'away',
  },
  ja: {
    connecting: '接続中…', connected: '接続しました。', retry: '切断されました。再接続しています…',
    tables: 'テーブル', game: 'ゲーム', state: '状態', seats: '席', moves: '手数',
    note: 'このページはサーバーのテーブルの一覧だけです。ブラウザで遊ぶクライアントは別の作業です。',
    open: '空き', running: '対戦中', finished: '終了', away: '離席',
  },
};
const lang = (navigator.language || 'en').toLowerCase().startsWith('ja') ? 'ja' : 'en';
const T = TEXTS[lang];

function seatText(s) {
  if (s.kind === 'open') return T.open;
  return s.name + (s.kind === 'person' && !s.present ? ' (' + T.away + ')' : '');
}

function showTables(tables) {
  const body = document.querySelector('#tables tbody');
  body.textContent = '';
  for (const t of tables) {
    const tr = document.createElement('tr');
    for (const v of [t.id, t.game, T[t.status] || t.status, t.seats.map(seatText).join(', '), t.moves]) {
      const td = document.createElement('td');
      td.textContent = String(v); // text, never HTML: names come from strangers
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

function connect() {
  const status = document.getElementById('status');
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/');
  const timer = setInterval(() => {
    if (ws.readyState === 1) ws.send(JSON.stringify({type: 'list'}));
  }, 5000);
  ws.onopen = () => {
    status.textContent = T.connected;
    ws.send(JSON.stringify({type: 'list'}));
  };
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === 'tables') showTables(m.tables);
  };
  ws.onclose = () => {
    clearInterval(timer);
    status.textContent = T.retry;
    setTimeout(connect, 2000);
  };
}

document.documentElement.lang = lang;
for (const el of document.querySelectorAll('[data-text]')) el.textContent = T[el.dataset.text];
connect();
