// The WebSocket to the server (docs/ws-protocol.md): one connection,
// re-opened by itself after a drop, with the seat resumed by its token.
const handlers = {};
let ws = null;
let onOpen = () => {};
let onStatus = () => {};

export function on(type, f) { handlers[type] = f; }
export function onConnect(f) { onOpen = f; }
export function onConnection(f) { onStatus = f; }

export function send(msg) {
  if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg));
}

let delay = 500;
export function connect() {
  onStatus('connecting');
  ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/');
  ws.onopen = () => { delay = 500; onStatus('connected'); onOpen(); };
  ws.onmessage = (e) => {
    let m;
    try { m = JSON.parse(e.data); } catch { return; }
    const f = handlers[m.type];
    if (f) f(m);
  };
  ws.onclose = () => {
    onStatus('retry');
    // Back off up to 8 s so a server restart is not hammered.
    setTimeout(connect, delay);
    delay = Math.min(delay * 2, 8000);
  };
}

export function tokenKey(id) { return 'cardhall.token.' + id; }
