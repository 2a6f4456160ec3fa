// Placeholder client: lists the server's tables over the WebSocket
// protocol (docs/ws-protocol.md). No inline script: the page's
// Content-Security-Policy forbids it.
'use strict';

function seatText(s) {
  if (s.kind === 'open') return 'open';
  return s.name + (s.kind === 'person' && !s.present ? ' (away)' : '');
}

function showTables(tables) {
  const body = document.querySelector('#tables tbody');
  body.textContent = '';
  for (const t of tables) {
    const tr = document.createElement('tr');
    for (const v of [t.id, t.game, t.status, t.seats.map(seatText).join(', '), t.moves]) {
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
  ws.onopen = () => {
    status.textContent = 'Connected.';
    ws.send(JSON.stringify({type: 'list'}));
  };
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === 'tables') showTables(m.tables);
  };
  ws.onclose = () => {
    status.textContent = 'Disconnected; retrying…';
    setTimeout(connect, 2000);
  };
  setInterval(() => { if (ws.readyState === 1) ws.send(JSON.stringify({type: 'list'})); }, 5000);
}

connect();
