// The browser table (issue 13), driven through Debian's chromium by
// playwright-core. For each of the five games: two people in two browser
// contexts (one page in English, one in Japanese) and a computer player
// finish a game by clicking (cards picked then confirmed, moves with a
// warning clicked twice, one move by the keyboard); a reload mid-game returns
// a person to the same seat and hand; a spectator at phone width is offered
// no move and its page holds no card its public view does not show; the
// Japanese page has no English left in its texts; the rules open in a
// dialog; the finished game replays step by step, seen by a seat and with
// every card open. Screenshots of each board go to $ARTIFACTS.
//
// Then (issue 25) two people who live apart: they chat (a quick phrase, the
// unread count, muting, and HTML that must stay text in the DOM), one of
// them runs out of time on the turn clock and the computer moves for them,
// one leaves and comes back, and the game is played to its end; the chat
// panel is shot at 1280 and 360 px in both languages. CH_WEB_ONLY=talk runs
// only this part.
//
// The test runs the server itself (a fresh database in a temporary
// directory) so that it can kill it (-9) mid-game and start it again: the
// pages reconnect by themselves and no move is lost.
//
// usage: node tests/web/table.mjs CARDHALL ARTIFACTS
import { mkdirSync } from 'node:fs';
import { fail, launchChromium, testServer } from './serve.mjs';

const [cardhall, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const srv = await testServer(cardhall, 'web');
const url = srv.url;
await srv.start();
const browser = await launchChromium();

// Short games: options that end a game soon, so the suite stays quick.
const GAMES = [
  { game: 'racko', players: 3, options: { target_score: '50' } },
  { game: 'ragamaru', players: 3, options: {} },
  { game: 'rumino', players: 3, options: { elimination_score: '30' } },
  { game: 'babasuki', players: 3, options: { one_shot: 'true' } },
  { game: 'comrade', players: 5, options: { deals: '1' } },
];

// A seeded generator, so a failing run can be repeated (CH_WEB_SEED).
let seed = Number(process.env.CH_WEB_SEED || 1) >>> 0;
const rand = () => { seed = (seed * 1664525 + 1013904223) >>> 0; return seed / 2 ** 32; };
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

async function person(lang, width = 1100, slowSocket = false, reducedMotion = 'no-preference') {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: lang === 'ja' ? 'ja-JP' : 'en-US', reducedMotion });
  await ctx.addInitScript((l) => localStorage.setItem('cardhall.lang', l), lang);
  // A slow network: the page's socket opens two seconds after the page
  // loads, so what a person clicks before that must not be lost.
  if (slowSocket) {
    await ctx.addInitScript(() => {
      const Real = window.WebSocket;
      const opensAt = performance.now() + 2000;
      window.WebSocket = class extends Real {
        get readyState() { return performance.now() < opensAt ? 0 : super.readyState; }
        set onopen(f) { super.onopen = (e) => setTimeout(() => f(e), Math.max(0, opensAt - performance.now())); }
      };
    });
  }
  const page = await ctx.newPage();
  page.on('pageerror', (e) => fail('page error: ' + e.message));
  // A CSP violation (an inline style or script) is a bug of the page; a
  // refused connection while the server restarts is not.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/WebSocket|ERR_CONNECTION_REFUSED|404/.test(m.text())) fail('console error: ' + m.text());
  });
  return page;
}

async function createTable(page, g) {
  await page.goto(url);
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.selectOption('#game', g.game);
  // The lobby redraws the form on every message; if the choice of players
  // is not there in time, say what the form shows instead of timing out
  // (a sanitized CI run once did, on the fifth table, with no trace).
  const want = `#players option[value="${g.players}"]:not([disabled])`;
  if (!(await page.waitForSelector(want, { state: 'attached', timeout: 60000 }).catch(() => null))) {
    const shown = await page.evaluate(() => ({
      game: document.querySelector('#game')?.value,
      players: [...document.querySelectorAll('#players option')].map((o) => o.value + (o.disabled ? ' (disabled)' : '')),
      error: document.querySelector('.error')?.textContent || null,
    }));
    fail(`${g.game}: no choice of ${g.players} players after choosing the game; the form shows ${JSON.stringify(shown)}`);
  }
  await page.selectOption('#players', String(g.players));
  // Seats 0 and 1 people, the rest the Normal computer player (issue 24:
  // the seat chooser offers levels, never a search player's name).
  const seats = await page.$$('.seat-specs select');
  const offered = await seats[0].evaluate((e) => [...e.options].map((o) => o.value + ' ' + o.text + ' ' + o.title).join('|'));
  if (/ismcts|pimc|solver|heuristic/i.test(offered)) fail(`${g.game}: the seat chooser names a bot: ${offered}`);
  for (let i = 0; i < seats.length; i++) await seats[i].selectOption(i < 2 ? 'open' : 'normal');
  await page.click('details summary');
  await page.check('#hints'); // issue 24: "Suggest a move" allowed at this table
  for (const [k, v] of Object.entries(g.options)) {
    const input = await page.$(`[data-opt="${k}"]`);
    if (!input) fail(`${g.game}: no input for option ${k}`);
    const tag = await input.evaluate((e) => e.tagName + (e.type === 'checkbox' ? ':cb' : ''));
    if (tag === 'INPUT:cb') { if (v === 'true') await input.check(); } else if (tag === 'SELECT') await input.selectOption(v);
    else await input.fill(v);
  }
  await page.fill('#name', 'Ann');
  await page.click('#create');
  await page.waitForURL(/#table=\d+/);
  return Number(/#table=(\d+)/.exec(page.url())[1]);
}

// What the page shows has changed since `before` (a move came back).
const mark = (p) => p.evaluate(() => {
  const log = document.getElementById('log');
  return (log ? log.children.length + '|' + log.textContent.slice(-300) : '') + '|' + (document.getElementById('over-h') ? 'over' : '');
});
// A page that waits longer than this for its move's answer fails, saying
// what it shows (seen once under a loaded CI: no diagnosis then).
async function waitChange(p, before) {
  for (let i = 0; i < 300; i++) {
    if (await mark(p) !== before) return;
    await p.waitForTimeout(100);
  }
  const seen = await p.evaluate(() => {
    const text = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent.trim()).join(' / ');
    const log = document.getElementById('log');
    return `error: "${text('.error')}"; connection: "${text('#status')}"; waiting: "${text('.waiting')}"; ` +
      `moves: "${text('.moves button.move')}"; last log: "${log && log.lastElementChild ? log.lastElementChild.textContent : ''}"`;
  }).catch((e) => 'page unreadable: ' + e.message);
  await p.screenshot({ path: `${artifacts}/unanswered.png` }).catch(() => {});
  fail(`a move was not answered within 30 s (${seen})`);
}

// A move button, at random; with `eager`, one that plays rather than draws
// nine times in ten where there is one. RAGAMARU is won by shedding: people
// who drew as often as they played took from 500 to over 2,000 moves to end
// a game (the deal is the server's, new each run), and a long one ran the
// suite out of its 20 minutes.
async function pickMove(buttons, eager) {
  if (!eager || rand() < 0.1) return pick(buttons);
  const plays = [];
  for (const b of buttons) if ((await b.getAttribute('data-action')) !== 'draw') plays.push(b);
  return pick(plays.length ? plays : buttons);
}

// One move on page p: pick a card of the hand and confirm it, or click a
// move button; a warned move is clicked twice (the first click arms it).
async function oneMove(p, byKeyboard, eager) {
  const before = await mark(p);
  const pickables = await p.$$('#board .card.pickable');
  if (!byKeyboard && pickables.length && rand() < 0.5) {
    // Pick cards until the table offers exactly one move to confirm.
    for (let n = 0; n < 6; n++) {
      const confirm = await p.$('#confirm-pick');
      if (confirm) {
        await confirm.click();
        if (await p.$('#confirm-pick.warn')) await p.click('#confirm-pick');
        return waitChange(p, before);
      }
      const left = await p.$$('#board .card.pickable:not(.selected)');
      const moves = await p.$$('.moves button.move');
      if (!left.length || rand() < 0.3) {
        // The moves left with these cards picked are offered as buttons.
        if (!moves.length) break;
        return clickMove(p, await pickMove(moves, eager), before);
      }
      await pick(left).click();
    }
  }
  const buttons = await p.$$('.moves button.move');
  if (!buttons.length) return;
  if (byKeyboard) {
    // A warned first move is armed by the first press and played by the
    // second. The buttons are drawn anew when armed, so look again rather
    // than at the handle taken before the press.
    await p.keyboard.press('1');
    if (await p.$('.moves button.move.armed')) await p.keyboard.press('1');
    return waitChange(p, before);
  }
  return clickMove(p, await pickMove(buttons, eager), before);
}

async function clickMove(p, b, before) {
  const action = await b.getAttribute('data-action');
  const warn = await b.evaluate((e) => e.classList.contains('warn'));
  // By its action, found afresh: a message that draws the table again
  // (someone coming to watch, a seat coming back) detaches the old button.
  await p.click(`.moves button.move[data-action="${action}"]`);
  if (warn) {
    const armed = `.moves button.armed[data-action="${action}"]`;
    if (!(await p.$(armed))) fail(`a move with a warning (${action}) was played on the first click`);
    await p.click(armed);
  }
  return waitChange(p, before);
}

// Issue 24: between hands the summary waits for Continue; a page that is
// asked clicks it (after a look, the first time in each game: shots).
const shotPause = new Set();
async function continueIfAsked(p, name) {
  const b = await p.$('#continue');
  if (!b) return false;
  if (name && !shotPause.has(name)) {
    shotPause.add(name);
    await p.screenshot({ path: `${artifacts}/${name}-hand-end.png` });
  }
  await b.click().catch(() => {});
  return true;
}

// Plays until the game is over; midway() runs at a few points on the way.
// Issue 24: "Suggest a move" names a move of the seat's own, and outlines
// no button but that move's.
async function checkHint(p, id) {
  await p.click('#hint-btn');
  await p.waitForSelector('.hint-text', { timeout: 10000 }).catch(() => fail(`table ${id}: no suggestion shown`));
  const shown = await p.$$eval('[data-action].suggested', (es) => [...new Set(es.map((e) => e.dataset.action))]);
  if (shown.length > 1) fail(`table ${id}: more than one move outlined: ${shown}`);
  if (!(await p.textContent('.hint-text')).trim()) fail(`table ${id}: an empty suggestion`);
}

async function playOut(pages, id, maxMoves, midway, shotNames = [], eager = false) {
  let moves = 0, hinted = false;
  while (moves < maxMoves) {
    if (await pages[0].$('#over-h')) return moves;
    let moved = false;
    for (const [k, p] of pages.entries()) if (await continueIfAsked(p, shotNames[k])) moved = true;
    for (const p of pages) {
      if (!(await p.$('.moves button.move'))) continue;
      if (!hinted && (await p.$('#hint-btn'))) { await checkHint(p, id); hinted = true; }
      await oneMove(p, moves === 7, eager);
      moves++;
      moved = true;
      if (moves % 60 === 4) await midway(moves);
      break;
    }
    if (!moved) await pages[0].waitForTimeout(100);
  }
  fail(`table ${id}: not over after ${maxMoves} moves`);
}

// The spectator's own view of table id, fetched over a second connection.
const spectatorView = (page, id) => page.evaluate((tid) => new Promise((resolve, reject) => {
  const ws = new WebSocket('ws://' + location.host + '/');
  ws.onopen = () => ws.send(JSON.stringify({ type: 'watch', table: tid }));
  ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === 'state') { ws.close(); resolve(m.view); } };
  ws.onerror = () => reject(new Error('websocket'));
}), id);

// (main, not #board: on a phone the hand is docked below the board.)
const cardsIn = (p, sel = 'main') => p.$$eval(`${sel} [data-card]`, (es) => es.map((e) => e.getAttribute('data-card')));

// No card on the spectator's page that its public view does not hold:
// every code shown at most as often as the view names it.
async function checkSpectator(spec, id, game, seatCards) {
  // The view's cards: its strings, and numbers in lists (Rack-O's cards).
  const viewCards = (view) => {
    const inView = {};
    const walk = (v, inList) => {
      if (typeof v === 'string' || (typeof v === 'number' && inList)) inView[v] = (inView[v] || 0) + 1;
      else if (Array.isArray(v)) for (const x of v) walk(x, true);
      else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x, false);
    };
    walk(view, false);
    return inView;
  };
  // The view is fetched over its own connection, so a computer's move may
  // come between it and the page (a card from a hidden hand to the table,
  // a card picked up): a card shown beyond the view is looked at again, up
  // to ten times; a card the page leaks stays shown.
  let shown, leak;
  for (let tries = 0; tries < 10; tries++) {
    const inView = viewCards(await spectatorView(spec, id));
    shown = await cardsIn(spec, 'main');
    const count = {};
    for (const c of shown) count[c] = (count[c] || 0) + 1;
    leak = Object.entries(count).find(([c, n]) => n > (inView[c] || 0));
    if (!leak) break;
    leak.push(inView[leak[0]] || 0);
    await spec.waitForTimeout(300);
  }
  if (leak) fail(`${game}: the spectator's page shows ${leak[0]} ${leak[1]} times, its view ${leak[2]}`);
  if (await spec.$('.moves button, .card.pickable')) fail(`${game}: the spectator was offered a move`);
  // Not vacuous: the seats' pages do show their own hidden cards.
  if (!seatCards.length) fail(`${game}: a seat's page shows no card`);
  return shown.length;
}

// Words of three or more Latin letters in the page's texts, but for names,
// card codes and the game's text board (cards are drawn with their codes).
const englishLeft = (p) => p.evaluate(() => {
  // What people say in the chat is theirs, not the page's.
  const skip = (n) => n.closest('svg, pre.board-text, .seat-name, input, script, style, [data-card], [translate="no"], .chat-text, .chat-name, .unmute');
  const out = [];
  const walk = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.parentElement || skip(n.parentElement)) continue;
    for (const w of n.textContent.match(/[A-Za-z]{3,}/g) || [])
      out.push(w + ' (in ' + n.parentElement.tagName.toLowerCase() + '.' + n.parentElement.className + ')');
  }
  return out;
});
// Player names, and names the Japanese rule books themselves write in Latin
// letters (RAGAMARU's RAGAMARU and TMO cards).
const NAMES = new Set(['Ann', 'Bob', 'RAGAMARU', 'TMO']);

async function checkJapanese(p, game, where) {
  // Babasuki's card notation names suits by letter (T21[SMFW]).
  const words = (await englishLeft(p)).filter((w) => !NAMES.has(w.split(' ')[0]) && !/^[SMFW]+ /.test(w));
  if (words.length) fail(`${game}: the Japanese page (${where}) shows English: ${[...new Set(words)].slice(0, 12).join(', ')}`);
}

// Issue 24, names not codes: the log, the move buttons and the seats name
// cards as a player says them ("7♠", "Blue 9 (Scrum-half)", "♠2 bid card")
// and seats by name, never by a code ("7S", "B9", "DG-B", "[S2]", "V9[M]",
// "P0") or a placeholder left unfilled; no two seats share a name (three
// computer players are not three "computer"s).
const NOT_CODE_BEFORE = '(?:^|[^A-Za-z0-9_#-])', NOT_CODE_AFTER = '(?=[^A-Za-z0-9_-]|$)';
const CARD_CODES = {
  racko: null,
  ragamaru: '[RYBK][0-9]{1,2}|(?:TRY|PG|DG|CUT|KICK|RET|LOOP|TURN|ADV)-[RYBK]|RGM|RES|SIN|CONV',
  rumino: '(?:10|[2-9AJQK])[SHDC]|JK',
  babasuki: '[VHTC][0-9]{1,2}(?:\\[[A-Z]+\\])?',
  comrade: '(?:10|[2-9AJQK])[SHDC]|JK|\\[[SHDC][1-4]\\]',
};
async function checkSpokenNames(p, game, where) {
  // The text board too (issue 24): its seats filled with names, its cards named.
  const texts = await p.$$eval('#log li, .moves button.move, #confirm-pick, .seats li, pre.board-text', (es) => es.map((e) => e.textContent));
  const code = CARD_CODES[game] && new RegExp(NOT_CODE_BEFORE + '(?:' + CARD_CODES[game] + ')' + NOT_CODE_AFTER);
  const seat = new RegExp(NOT_CODE_BEFORE + 'P[0-9]' + NOT_CODE_AFTER + '|\\{P[0-9]\\}');
  for (const t of texts) {
    if (code && code.test(t)) fail(`${game} (${where}): a card code in "${t.trim()}"`);
    if (seat.test(t)) fail(`${game} (${where}): a seat written as a code in "${t.trim()}"`);
  }
  const names = await p.$$eval('.seats li', (es) => es.map((e) => e.childNodes[2] ? e.childNodes[2].textContent : ''));
  if (new Set(names).size !== names.length) fail(`${game} (${where}): two seats share a name: ${names.join(', ')}`);
}

async function noOverflow(p, what) {
  const wide = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wide > 1) fail(`${what} is ${wide} px wider than a 360 px screen`);
}

// Issue 23: a person who goes back to the lobby mid-game is away from the
// seat (the others see it; the heuristic would take over after the timeout),
// and the lobby offers the table back ("back to your seat"), not "Watch".
async function backToTheLobby(ann, bob, id, game) {
  await bob.click('#home');
  const back = `ul.table-list a.back-to-seat[href="#table=${id}"]`;
  await bob.waitForSelector(back);
  if ((await bob.textContent(back)) !== '自分の席に戻る') fail(`${game}: the lobby's way back is '${await bob.textContent(back)}'`);
  await bob.screenshot({ path: `${artifacts}/lobby-back-to-seat-ja.png`, fullPage: true });
  await ann.waitForSelector('.seats li.seat.away', { timeout: 5000 }).catch(() => fail(`${game}: Bob in the lobby is not away`));
  await bob.click(back);
  await bob.waitForSelector('#board');
  await ann.waitForSelector('.seats li.seat.away', { state: 'detached', timeout: 5000 })
    .catch(() => fail(`${game}: Bob back at his seat is still away`));
}

// CH_WEB_ONLY=talk or =handend runs only that part.
const ONLY = process.env.CH_WEB_ONLY;
for (const g of ONLY ? [] : GAMES) {
  // Issue 24: every game is played to its end on a phone too, by turns in
  // each language: Bob's Japanese page is 360 px wide in the 1st, 3rd and
  // 5th game, Ann's English one in the 2nd and 4th.
  const phone = GAMES.indexOf(g) % 2;
  const ann = await person('en', phone ? 360 : 1100), bob = await person('ja', phone ? 1100 : 360, g === GAMES[0]);
  const id = await createTable(ann, g);
  await bob.goto(`${url}#table=${id}`);
  await bob.fill('#name', 'Bob');
  // In the first game Bob's socket is slow: he joins before it opens.
  if (g === GAMES[0] && !/接続中|connecting/i.test(await bob.textContent('#status'))) fail('the slow socket was open before Join');
  await bob.click('#join');
  await ann.waitForSelector('#board');
  await bob.waitForSelector('#board');
  // A spectator on a phone.
  const spec = await person('en', 360);
  await spec.goto(`${url}#table=${id}`);
  await spec.click('#watch');
  await spec.waitForSelector('#board');
  if (!/watching/.test(await spec.textContent('main'))) fail(`${g.game}: the spectator page does not say so`);
  await checkSpectator(spec, id, g.game, await cardsIn(ann));
  await noOverflow(spec, `${g.game}'s table`);

  // The rules, one click away, in the page's language.
  await bob.click('#rules-btn');
  await bob.waitForSelector('dialog#rules[open]');
  const rules = await bob.textContent('.rules-text');
  if (rules.length < 100 || !/[\u3040-\u30ff]/.test(rules)) fail(`${g.game}: the Japanese rules are missing`);
  await bob.screenshot({ path: `${artifacts}/${g.game}-rules-ja.png` });
  await bob.click('#rules-close');
  if (await bob.$('dialog#rules')) fail(`${g.game}: the rules dialog did not close`);
  await checkJapanese(bob, g.game, 'start');
  await ann.screenshot({ path: `${artifacts}/${g.game}-start-en.png`, fullPage: true });
  await bob.screenshot({ path: `${artifacts}/${g.game}-start-ja.png`, fullPage: true });

  let reloaded = false;
  const midway = async (n) => {
    await checkSpectator(spec, id, g.game, await cardsIn(ann));
    await checkJapanese(bob, g.game, `move ${n}`);
    for (const p of [ann, bob]) await checkSpokenNames(p, g.game, `move ${n}`);
    if (reloaded) return;
    // Reload mid-game: the same seat and the same hand come back.
    await ann.screenshot({ path: `${artifacts}/${g.game}-mid-en.png`, fullPage: true });
    await bob.screenshot({ path: `${artifacts}/${g.game}-mid-ja.png`, fullPage: true });
    await spec.screenshot({ path: `${artifacts}/${g.game}-mid-spectator-360.png`, fullPage: true });
    const seatBefore = await ann.textContent('.seat.me');
    const cardsBefore = (await cardsIn(ann)).join(' ');
    await ann.reload();
    await ann.waitForSelector('#board');
    if (await ann.textContent('.seat.me') !== seatBefore) fail(`${g.game}: the reload changed the seat`);
    if ((await cardsIn(ann)).join(' ') !== cardsBefore) fail(`${g.game}: the reload changed the cards shown`);
    // The log so far is asked for once the state has come: it follows it.
    await waitFor(ann, `${g.game}: the log is empty after a reload`, async () => (await ann.$$('#log li')).length > 0, 10000);
    reloaded = true;
    if (g === GAMES[0]) await backToTheLobby(ann, bob, id, g.game);
    if (g.game !== 'rumino') return;
    // The server killed mid-game and started again: every page reconnects by
    // itself to the same seat and the same cards (no move was lost).
    const bobCards = (await cardsIn(bob)).join(' ');
    await srv.stop();
    await ann.waitForSelector('#status:has-text("reconnecting")');
    await srv.start();
    for (const [p, want] of [[ann, cardsBefore], [bob, bobCards]]) {
      for (let i = 0; i < 100 && !/Connected|接続しました/.test(await p.textContent('#status')); i++) await p.waitForTimeout(100);
      await p.waitForSelector('#board');
      for (let i = 0; i < 50 && (await cardsIn(p)).join(' ') !== want; i++) await p.waitForTimeout(100);
      if ((await cardsIn(p)).join(' ') !== want) fail(`${g.game}: after the restart a page shows other cards`);
    }
    console.log(`${g.game}: the server was killed and restarted mid-game; both pages came back`);
  };
  const moves = await playOut([ann, bob], id, 2500, midway, [`${g.game}-en`, `${g.game}-ja`], g.game === 'ragamaru');
  // A deal that ended within a few moves (Comrade lost in the bidding) is
  // reloaded at its end: the seat and its cards still come back.
  if (!reloaded) await midway(moves);
  await ann.waitForSelector('#over-h');
  await bob.waitForSelector('#over-h');
  await spec.waitForSelector('#over-h', { timeout: 15000 });
  await checkJapanese(bob, g.game, 'end');
  for (const p of [ann, bob, spec]) await checkSpokenNames(p, g.game, 'end');
  // The result table shows the game's ranks as they are (1 is the best);
  // it once added 1 to them, so a winner read "2".
  // A team game (Comrade) says whether the team won, with no ranks (issue 24).
  for (const p of [bob, spec]) {
    if (g.game === 'comrade') {
      if (await p.$('#result table.result th:has-text("Rank"), #result table.result th:has-text("順位")')) fail('comrade: the team result ranks everyone');
      if (!/team|チーム/i.test(await p.textContent('#over-h'))) fail(`comrade: the result does not speak of the team: ${await p.textContent('#over-h')}`);
      continue;
    }
    const best = (await p.textContent('table.result tbody tr td')).trim();
    if (best !== '1') fail(`${g.game}: the result table's first rank is ${best}, not 1`);
  }
  await bob.screenshot({ path: `${artifacts}/${g.game}-end-ja.png`, fullPage: true });
  await spec.screenshot({ path: `${artifacts}/${g.game}-end-spectator-360.png`, fullPage: true });

  // The replay: step forward and back, as a seat and with every card open.
  await ann.click('#replay-link');
  await ann.waitForSelector('#replay-pos');
  const total = Number(/\/ (\d+)/.exec(await ann.textContent('#replay-pos'))[1]);
  if (total !== moves && total < moves) fail(`${g.game}: the replay has ${total} moves, ${moves} were clicked`);
  const pos = async () => Number(/(\d+) \//.exec(await ann.textContent('#replay-pos'))[1]);
  const stepTo = async (sel, want) => {
    await ann.click(sel);
    for (let i = 0; i < 100 && await pos() !== want; i++) await ann.waitForTimeout(50);
    if (await pos() !== want) fail(`${g.game}: replay ${sel} did not reach move ${want}`);
  };
  await stepTo('#replay-next', 1);
  await stepTo('#replay-next', 2);
  await stepTo('#replay-prev', 1);
  await stepTo('#replay-last', total);
  const open = (await cardsIn(ann)).length;
  await ann.selectOption('#replay-viewer', '1');
  for (let i = 0; i < 50 && await ann.inputValue('#replay-viewer') !== '1'; i++) await ann.waitForTimeout(50);
  await ann.waitForTimeout(300);
  const seen = (await cardsIn(ann)).length;
  if (open < seen) fail(`${g.game}: the open replay shows fewer cards (${open}) than seat 1's (${seen})`);
  await checkSpokenNames(ann, g.game, 'replay');
  await ann.keyboard.press('ArrowLeft');
  for (let i = 0; i < 50 && await pos() !== total - 1; i++) await ann.waitForTimeout(50);
  if (await pos() !== total - 1) fail(`${g.game}: the left arrow did not step back`);
  await ann.screenshot({ path: `${artifacts}/${g.game}-replay-en.png`, fullPage: true });
  console.log(`${g.game}: table ${id} finished by clicking (${moves} moves by people, reloaded mid-game, replayed)`);
  for (const p of [ann, bob, spec]) await p.context().close();
}

// Issue 25: two people who live apart talk at the table, one runs out of
// time, one leaves and comes back, and they finish the game.
const chatTexts = (p) => p.$$eval('#chat-list .chat-text', (es) => es.map((e) => e.textContent));
async function waitFor(p, what, test, ms = 15000) {
  for (let i = 0; i < ms / 100; i++) { if (await test()) return; await p.waitForTimeout(100); }
  fail(what);
}
async function say(p, text) {
  await p.fill('#chat-input', text);
  await p.press('#chat-input', 'Enter');
  await waitFor(p, `"${text}" did not come back to its sender`, async () => (await chatTexts(p)).includes(text));
}

async function talkClockLeave() {
  const ann = await person('en', 1280), bob = await person('ja', 360);
  await ann.goto(url);
  await ann.waitForSelector('#game option', { state: 'attached' });
  // The lobby offers clocks of minutes; the protocol takes a short one, so
  // that a bank runs out within the test.
  const id = await ann.evaluate(() => new Promise((resolve, reject) => {
    const ws = new WebSocket('ws://' + location.host + '/');
    ws.onopen = () => ws.send(JSON.stringify({ type: 'create', game: 'racko', seats: ['open', 'open', 'heuristic'],
      options: { players: 3, target_score: '50' }, clock: { bank_ms: 8000, increment_ms: 3000 } }));
    ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === 'created') { ws.close(); resolve(m.table.id); } };
    ws.onerror = () => reject(new Error('websocket'));
  }), null);
  for (const [p, name] of [[ann, 'Ann'], [bob, 'Bob']]) {
    await p.goto(`${url}#table=${id}`);
    await p.fill('#name', name);
    await p.click('#join');
  }
  await ann.waitForSelector('#board');
  await bob.waitForSelector('#board');
  await ann.waitForSelector('[data-clock-seat="0"]');
  // Ann wants a sound and a notification on her turn (the sound is made
  // in the page; the browser asks before a notification).
  await ann.context().grantPermissions(['notifications']);
  await ann.check('#sound-toggle');
  await ann.check('#notify-toggle');
  // The switch shows the click at once; the setting is kept once the
  // browser has answered the permission request: wait for that.
  await waitFor(ann, 'the notification switch did not stay on',
    async () => (await ann.isChecked('#notify-toggle')) &&
      (await ann.evaluate(() => localStorage.getItem('cardhall.notify'))) === '1', 5000);
  await ann.reload();
  await ann.waitForSelector('#board');
  // The page is drawn again as the table's state arrives after the reload:
  // what counts is the switches once it is (the settings come from storage).
  await waitFor(ann, 'the sound and notification switches are not kept',
    async () => (await ann.isChecked('#sound-toggle')) && (await ann.isChecked('#notify-toggle')), 5000);

  // On a phone the chat is a tab beside the log, with what is unread.
  if (!(await bob.isVisible('#tab-chat'))) fail('no chat tab at 360 px');
  await say(ann, 'Hello Bob');
  await bob.waitForSelector('#tab-unread');
  if ((await bob.textContent('#tab-unread')).trim() !== '1') fail('the chat tab does not count one unread message');
  await bob.click('#tab-chat');
  await waitFor(bob, 'Bob does not see Ann\'s message', async () => (await chatTexts(bob)).includes('Hello Bob'));
  if (await bob.$('#tab-unread')) fail('the unread count stays after the chat is opened');
  // A quick phrase, in the page's language.
  await bob.click('.phrases button:has-text("よろしくお願いします")');
  await waitFor(ann, 'Ann does not get Bob\'s phrase', async () => (await chatTexts(ann)).includes('よろしくお願いします'));
  const annSees = await ann.$$eval('#chat-list li', (es) => es.map((e) => e.textContent));
  if (!annSees.some((t) => t.includes('Bob (Seat 2)') && t.includes('よろしくお願いします'))) fail('the phrase does not name its sender: ' + annSees.join(' | '));
  // HTML in a message is text: no element, no script.
  const html = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
  await say(ann, html);
  await waitFor(bob, 'Bob does not get the HTML message', async () => (await chatTexts(bob)).includes(html));
  for (const p of [ann, bob]) {
    if (await p.$('#chat-list img, #chat-list b')) fail('a chat message became HTML');
    if (await p.evaluate(() => window.__pwned !== undefined)) fail('a chat message ran script');
  }
  // Folded away on a wide screen: an unread count on the button.
  await ann.click('#chat-toggle');
  await bob.fill('#chat-input', 'お先にどうぞ');
  await bob.press('#chat-input', 'Enter');
  await ann.waitForSelector('#chat-unread');
  await ann.click('#chat-toggle');
  await waitFor(ann, 'Ann does not see Bob\'s message when the chat opens', async () => (await chatTexts(ann)).includes('お先にどうぞ'));
  // Muting is one's own: Bob stops seeing Ann's words, Ann still sees them.
  await bob.click('#chat-list button.chat-name');
  await say(ann, 'secret words');
  await bob.waitForTimeout(700);
  if ((await chatTexts(bob)).some((t) => t.includes('Hello') || t.includes('secret'))) fail('a muted person\'s words are shown');
  await bob.waitForSelector('#chat-muted');
  await checkJapanese(bob, 'racko', 'chat');
  await ann.screenshot({ path: `${artifacts}/chat-1280-en.png` });
  await bob.screenshot({ path: `${artifacts}/chat-360-ja.png`, fullPage: true });
  await bob.click('#chat-muted button.unmute');
  await waitFor(bob, 'unmuting does not bring the words back', async () => (await chatTexts(bob)).includes('secret words'));
  await ann.setViewportSize({ width: 360, height: 800 });
  await ann.click('#tab-chat');
  await noOverflow(ann, 'the English table with its chat');
  await ann.screenshot({ path: `${artifacts}/chat-360-en.png`, fullPage: true });
  await bob.setViewportSize({ width: 1280, height: 900 });
  await bob.evaluate(() => window.scrollTo(0, 0));
  await bob.screenshot({ path: `${artifacts}/chat-1280-ja.png` });
  await ann.setViewportSize({ width: 1280, height: 900 });

  // Nobody waits forever: whoever is to move does nothing; the clock counts
  // down in the page, the tab title says whose turn it is, the bank runs
  // out and the computer moves for them (the log says so).
  // The title is read in the same turn of the page as the move buttons: on
  // a slow (sanitized) server the bank may run out between two reads.
  let mover = null, title = null;
  await waitFor(ann, 'nobody was offered a move', async () => {
    for (const p of [ann, bob]) {
      const t = await p.evaluate(() => document.querySelector('.moves button.move') ? document.title : null);
      if (t !== null) { mover = p; title = t; return true; }
    }
    return false;
  }, 30000);
  if (title !== '● Your turn — cardhall' && title !== '● あなたの番です — cardhall') fail(`the tab title on one's turn is "${title}"`);
  const other = mover === ann ? bob : ann;
  const otherTitle = await other.title();
  const stillMine = await mover.evaluate(() => !!document.querySelector('.moves button.move'));
  if (stillMine && otherTitle !== 'cardhall') fail(`the tab title of the one waiting is "${otherTitle}"`);
  const running = await mover.$eval('.clock.running', (e) => e.textContent);
  await mover.waitForTimeout(1500);
  if ((await mover.$eval('.clock.running', (e) => e.textContent)) === running) fail('the running clock does not count down');
  const timedOut = async (p) => /ran out of time|持ち時間が切れました/.test(await p.textContent('#log'));
  await waitFor(other, 'nobody ran out of time', () => timedOut(other), 40000);
  await waitFor(mover, 'the log of the one out of time does not say so', () => timedOut(mover));
  console.log('talk: the person who did not move ran out of time; the computer moved for them');
  await ann.evaluate(() => window.scrollTo(0, 0));
  await ann.screenshot({ path: `${artifacts}/clock-timeout-en.png` });

  // Leave: the computer takes Ann's seat, Bob's page shows her gone and
  // since when; her link brings her back to the same seat.
  await ann.click('#leave-btn');
  await ann.waitForURL((u) => !/#table=/.test(u.toString()));
  await waitFor(bob, 'Bob\'s page does not show that Ann left',
    async () => /に退席/.test(await bob.textContent('.seat:nth-child(1)')));
  await bob.evaluate(() => window.scrollTo(0, 0));
  await bob.screenshot({ path: `${artifacts}/left-ja.png` });
  let bobMoves = 0;
  for (let i = 0; i < 300 && bobMoves < 6 && !(await bob.$('#over-h')); i++) {
    if (await continueIfAsked(bob)) continue;
    if (await bob.$('.moves button.move')) { await oneMove(bob, false); bobMoves++; } else await bob.waitForTimeout(100);
  }
  await ann.goto(`${url}#table=${id}`);
  await ann.waitForSelector('#board');
  if (!/Ann/.test(await ann.textContent('.seat.me'))) fail('Ann did not come back to her seat');
  await waitFor(bob, 'Bob\'s page still shows Ann away', async () => !/に退席|離席/.test(await bob.textContent('.seat:nth-child(1)')));
  if (!(await ann.$$('#chat-list li')).length && !(await ann.$('#chat-toggle'))) fail('the chat is gone after coming back');
  const moves = await playOut([ann, bob], id, 2500, async () => {});
  await ann.waitForSelector('#over-h');
  console.log(`talk: table ${id} finished (${moves} moves by people after one left and came back)`);
  for (const p of [ann, bob]) await p.context().close();
}
if (!ONLY || ONLY === 'talk') await talkClockLeave();

// Issue 24: the end of each hand waits for both people, and the game ends
// with a result that names them. Two games of several hands, a table that
// waits for everyone (hand_pause 0); Ann in English at 1280 px, Bob in
// Japanese on a phone, then the other way round for the shots.
async function handEnds(g) {
  // A game on a shuffled deal can end in its first hand (Rumino's sim: a
  // game of 3 at 60 points lasts 1 to 6 hands), so a game that ends with no
  // pause is played again on a new table, a bounded number of times.
  for (let attempt = 1; ; attempt++) {
    const r = await handEndsOnce(g);
    if (r.pauses >= 1) break;
    console.log(`${g.game}: game ${attempt} ended in its first hand; again on a new table`);
    if (attempt === 4) fail(`${g.game}: ${attempt} games ended without a pause between hands`);
  }
}

async function handEndsOnce(g) {
  // Bob prefers reduced motion: his cards do not move.
  const ann = await person('en', 1280), bob = await person('ja', 360, false, 'reduce');
  await ann.goto(url);
  await ann.waitForSelector('#game option', { state: 'attached' });
  const id = await ann.evaluate((gg) => new Promise((resolve, reject) => {
    const ws = new WebSocket('ws://' + location.host + '/');
    ws.onopen = () => ws.send(JSON.stringify({ type: 'create', game: gg.game, seats: ['open', 'open', 'heuristic'],
      options: { players: 3, ...gg.options }, hand_pause: 0 }));
    ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === 'created') { ws.close(); resolve(m.table.id); } };
    ws.onerror = () => reject(new Error('websocket'));
  }), g);
  for (const [p, name] of [[ann, 'Ann'], [bob, 'Bob']]) {
    await p.goto(`${url}#table=${id}`);
    await p.fill('#name', name);
    await p.click('#join');
  }
  for (const p of [ann, bob]) await p.waitForSelector('#board');
  // The most cards moving at once on each page, sampled as play goes on.
  for (const p of [ann, bob]) {
    await p.evaluate(() => {
      window.__cardMoves = 0;
      setInterval(() => {
        const n = document.getAnimations().filter((a) => a.id === 'ch-card').length; // motion.js's, not the boards' CSS
        window.__cardMoves = Math.max(window.__cardMoves, n);
      }, 30);
    });
  }
  let pauses = 0, moves = 0;
  for (let guard = 0; guard < 4000 && !(await ann.$('#over-h')); guard++) {
    if (await ann.$('#continue') || await bob.$('#continue')) {
      pauses++;
      await ann.waitForSelector('#continue');
      await bob.waitForSelector('#continue');
      for (const p of [ann, bob]) {
        const text = await p.textContent('#hand-end .hand-summary');
        if (!text || text.length < 20) fail(`${g.game}: the hand's summary is empty: "${text}"`);
      }
      if (pauses === 1) {
        await checkJapanese(bob, g.game, 'hand end');
        await ann.screenshot({ path: `${artifacts}/${g.game}-hand-end-1280-en.png` });
        await bob.screenshot({ path: `${artifacts}/${g.game}-hand-end-360-ja.png` });
      }
      // Ann continues; Bob reads on: nothing moves on either page.
      const annBefore = await mark(ann), bobBefore = await mark(bob);
      await ann.click('#continue');
      await waitFor(ann, `${g.game}: Ann's page does not say it waits for Bob`,
        async () => /Waiting for Bob/.test(await ann.textContent('#hand-end')) && !(await ann.$('#continue')));
      await waitFor(bob, `${g.game}: Bob's page does not show that Ann continued`,
        async () => (await bob.$$('#hand-end ul.continued li.ok')).length === 1);
      await ann.waitForTimeout(1200);
      if (await mark(ann) !== annBefore || await mark(bob) !== bobBefore) fail(`${g.game}: the table moved on before Bob continued`);
      if (await ann.$('.moves button.move') || await bob.$('.moves button.move')) fail(`${g.game}: a move was offered between hands`);
      if (!(await bob.$('#continue'))) fail(`${g.game}: Bob's summary went away before he continued`);
      if (pauses === 1) {
        await ann.setViewportSize({ width: 360, height: 800 });
        await bob.setViewportSize({ width: 1280, height: 900 });
        await ann.screenshot({ path: `${artifacts}/${g.game}-hand-end-360-en.png` });
        await bob.screenshot({ path: `${artifacts}/${g.game}-hand-end-1280-ja.png` });
        await ann.setViewportSize({ width: 1280, height: 900 });
        await bob.setViewportSize({ width: 360, height: 800 });
      }
      await bob.click('#continue');
      for (const p of [ann, bob]) await p.waitForSelector('#hand-end', { state: 'detached', timeout: 10000 }).catch(() => fail(`${g.game}: the summary stayed after both continued`));
      continue;
    }
    let moved = false;
    for (const p of [ann, bob]) {
      if (!(await p.$('.moves button.move'))) continue;
      await oneMove(p, false);
      moves++;
      moved = true;
      break;
    }
    if (!moved) await ann.waitForTimeout(100);
  }
  for (const p of [ann, bob]) await p.waitForSelector('#result #over-h');
  if (!(await ann.evaluate(() => window.__cardMoves))) fail(`${g.game}: no card moved on Ann's page`);
  if (await bob.evaluate(() => window.__cardMoves)) fail(`${g.game}: cards moved for Bob, who prefers reduced motion`);
  if (pauses < 1) {
    for (const p of [ann, bob]) await p.context().close();
    return { pauses };
  }
  for (const p of [ann, bob]) {
    const names = await p.$$eval('#result table.result tbody td', (es) => es.map((e) => e.textContent).join(' '));
    if (!/Ann/.test(names) || !/Bob/.test(names)) fail(`${g.game}: the result does not name both people: ${names}`);
    if (!(await p.$('#result #rematch')) || !(await p.$('#result #to-lobby'))) fail(`${g.game}: the result offers no way on`);
  }
  await checkJapanese(bob, g.game, 'result');
  await ann.screenshot({ path: `${artifacts}/${g.game}-result-1280-en.png` });
  await bob.screenshot({ path: `${artifacts}/${g.game}-result-360-ja.png` });
  await ann.setViewportSize({ width: 360, height: 800 });
  await bob.setViewportSize({ width: 1280, height: 900 });
  await ann.screenshot({ path: `${artifacts}/${g.game}-result-360-en.png` });
  await bob.screenshot({ path: `${artifacts}/${g.game}-result-1280-ja.png` });
  // Looked past, the result stays a click away.
  await ann.click('#result-close');
  await ann.waitForSelector('#result-open');
  console.log(`${g.game}: ${pauses} hand ends waited for both people; the result names them (${moves} moves by people)`);
  for (const p of [ann, bob]) await p.context().close();
  return { pauses };
}
if (!ONLY || ONLY === 'handend') {
  // Targets a single hand cannot reach.
  await handEnds({ game: 'rumino', options: { elimination_score: '60' } });
  await handEnds({ game: 'racko', options: { target_score: '150' } });
}

// The lobby at phone width, in both languages.
for (const lang of ['en', 'ja']) {
  const pp = await person(lang, 360);
  await pp.goto(url);
  await pp.waitForSelector('#game option', { state: 'attached' });
  await pp.click('details summary');
  await noOverflow(pp, `the ${lang} lobby`);
  if (lang === 'ja') await checkJapanese(pp, 'lobby', 'lobby');
  await pp.screenshot({ path: `${artifacts}/lobby-360-${lang}.png`, fullPage: true });
  await pp.context().close();
}
await browser.close();
await srv.stop();
console.log('ok');
