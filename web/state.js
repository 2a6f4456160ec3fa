// What the page knows, in one place, and the one way to redraw it. Every
// message from the server updates this and calls render().
export const S = {
  games: [],       // as `cardhall list --json`
  tables: [],      // the lobby's list
  last: null,      // the last `state` message of the table shown
  watching: false, // watching the table in the address (not seated)
  log: [],         // [{move, text}] events of the table shown, as this viewer may know them
  armed: null,     // a warned move clicked once, waiting for the second click
  picked: [],      // card codes picked for a multi-card move
  error: '',
  rules: null,     // {game, text} while the rules dialog is open
  replay: null,    // the replay viewer's step, when open (replay.js)
  publicUrl: null, // the server's --public-url, for share links
  name: localStorage.getItem('cardhall.name') || '',
};

let redraw = () => {};
export function onRender(f) { redraw = f; }
export function render() { redraw(); }

export function routeTable() {
  const m = /^#table=(\d+)/.exec(location.hash);
  return m ? Number(m[1]) : null;
}

export function routeReplay() {
  const m = /^#replay=(\d+)(?:\/(\d+))?/.exec(location.hash);
  return m ? { table: Number(m[1]), game_no: m[2] === undefined ? null : Number(m[2]) } : null;
}
