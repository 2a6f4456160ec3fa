// The WebSocket to the server (docs/ws-protocol.md): one connection,
// re-opened by itself after a drop, with the seat resumed by its token.
const handlers = {};
let ws = null;
let onOpen = () => {};
let onStatus = () => {};

export function on(type, f) { handlers[type] = f; }
export function onConnect(f) { onOpen = f; }
export function onConnection(f) { onStatus = f; }

// What the page sends while the socket is not open (a click on Join while
// it is still connecting) waits for it instead of vanishing; a few at most.
const queued = [];
export function send(msg) {
  if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg));
  else if (queued.length < 8) queued.push(msg);
}

let delay = 500;
// The server said it is restarting (SIGTERM: a restart or an upgrade): the
// page says so, not "connection lost", until it is back.
let restarting = false;
export function connect() {
  onStatus(restarting ? 'restarting' : 'connecting');
  ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/');
  ws.onopen = () => {
    delay = 500;
    restarting = false;
    onStatus('connected');
    onOpen();
    while (queued.length) ws.send(JSON.stringify(queued.shift()));
  };
  ws.onmessage = (e) => {
    let m;
    try { m = JSON.parse(e.data); } catch { return; }
    if (m.type === 'server_restarting') {
      restarting = true;
      delay = 500; // it is back in a moment: try soon
      onStatus('restarting');
      return;
    }
    const f = handlers[m.type];
    if (f) f(m);
  };
  ws.onclose = () => {
    onStatus(restarting ? 'restarting' : 'retry');
    // Back off up to 8 s so a server restart is not hammered.
    setTimeout(connect, delay);
    delay = Math.min(delay * 2, 8000);
  };
}

export function tokenKey(id) { return 'cardhall.token.' + id; }
