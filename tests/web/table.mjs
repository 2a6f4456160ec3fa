// The browser table (issue 13), driven through Debian's chromium by
// playwright-core: for each game, two people in two browser contexts and a
// computer player finish a game by clicking legal-move buttons; a reload
// mid-game returns a person to the same seat and hand; a spectator's page
// shows only the spectator's board (never a seat's); the Japanese page
// speaks Japanese. Screenshots go to $ARTIFACTS.
//
// usage: node tests/web/table.mjs URL ARTIFACTS
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const [url, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const fail = (msg) => { console.error('FAIL: ' + msg); process.exit(1); };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-quic'],
});

// Short games: options that end a game soon, so the suite stays quick.
const GAMES = [
  { game: 'racko', players: 3, options: { target_score: '50' } },
  { game: 'ragamaru', players: 3, options: {} },
  { game: 'rumino', players: 3, options: { elimination_score: '30' } },
  { game: 'babasuki', players: 3, options: { one_shot: 'true' } },
  { game: 'comrade', players: 5, options: { deals: '1' } },
];

async function person(lang) {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 900 }, locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
  await ctx.addInitScript((l) => localStorage.setItem('cardhall.lang', l), lang);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => fail('page error: ' + e.message));
  return page;
}

async function createTable(page, g) {
  await page.goto(url);
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.selectOption('#game', g.game);
  await page.selectOption('#players', String(g.players));
  // seat 0 and 1 people, the rest the heuristic
  const seats = await page.$$('.seats select');
  for (let i = 0; i < seats.length; i++) await seats[i].selectOption(i < 2 ? 'open' : 'heuristic');
  if (Object.keys(g.options).length) await page.click('details summary');
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

// Plays until the game is over: whoever has move buttons clicks one
// (warnings need a second click: the first arms it).
async function playOut(pages, id, maxClicks, midway) {
  for (let clicks = 0; clicks < maxClicks; clicks++) {
    if (clicks === 40 && midway) await midway();
    let moved = false;
    for (const p of pages) {
      if (await p.$('#record')) return clicks; // the game is over
      const buttons = await p.$$('.moves button');
      if (!buttons.length) continue;
      const b = buttons[Math.floor(Math.random() * buttons.length)];
      const warn = await b.evaluate((e) => e.classList.contains('warn'));
      const before = await p.textContent('#board');
      await b.click();
      if (warn) {
        const again = await p.$(`.moves button[data-action="${await b.getAttribute('data-action')}"]`);
        if (again) await again.click();
      }
      // Wait for the move to come back (polled from here: the page's CSP
      // forbids the evaluation waitForFunction would need).
      for (let i = 0; i < 150; i++) {
        if (await p.$('#record')) break;
        const now = await p.$('#board') ? await p.textContent('#board') : before;
        if (now !== before) break;
        await p.waitForTimeout(100);
      }
      moved = true;
      break;
    }
    if (!moved) await pages[0].waitForTimeout(100);
  }
  fail(`table ${id}: not over after ${maxClicks} clicks`);
}

for (const g of GAMES) {
  const ann = await person('en'), bob = await person(g.game === 'ragamaru' ? 'ja' : 'en');
  const id = await createTable(ann, g);
  await bob.goto(`${url}#table=${id}`);
  await bob.fill('#name', 'Bob');
  await bob.click('#join');
  await ann.waitForSelector('#board');
  await bob.waitForSelector('#board');
  // A spectator: its board is the game's public one, never a seat's.
  const spec = await person('en');
  await spec.goto(`${url}#table=${id}`);
  await spec.click('#watch');
  await spec.waitForSelector('#board');
  const specText = await spec.textContent('main');
  if (await spec.$('.moves button')) fail(`${g.game}: the spectator was offered moves`);
  const annBoard = await ann.textContent('#board');
  if (annBoard === await spec.textContent('#board')) fail(`${g.game}: the spectator sees seat 0's board`);
  if (!/watching|観戦/.test(specText)) fail(`${g.game}: the spectator page does not say so`);

  if (g.game === 'ragamaru') {
    // Bob's page is in Japanese: no English words of the page's own left.
    const t = await bob.textContent('main');
    for (const w of ['Your turn', 'What happened', 'Waiting for', 'Back to the lobby']) if (t.includes(w)) fail(`Japanese page shows '${w}'`);
    if (!/経過/.test(t)) fail('Japanese page lacks its log heading');
    await bob.screenshot({ path: `${artifacts}/${g.game}-seat1-ja.png`, fullPage: true });
  }
  await ann.screenshot({ path: `${artifacts}/${g.game}-seat0.png`, fullPage: true });

  let reloaded = false;
  const clicks = await playOut([ann, bob], id, 3000, async () => {
    // Reload mid-game: the same seat comes back (its label says "you").
    const seatBefore = await ann.textContent('.seat.me');
    await ann.reload();
    await ann.waitForSelector('#board');
    const seatAfter = await ann.textContent('.seat.me');
    if (seatBefore.split(' ')[0] !== seatAfter.split(' ')[0]) fail(`${g.game}: reload moved seat ${seatBefore} -> ${seatAfter}`);
    reloaded = true;
  });
  await ann.waitForSelector('#record');
  await spec.waitForSelector('#record', { timeout: 15000 });
  await spec.screenshot({ path: `${artifacts}/${g.game}-spectator-end.png`, fullPage: true });
  console.log(`${g.game}: table ${id} finished by clicking (${clicks} clicks${reloaded ? ', reloaded mid-game' : ''})`);
  for (const p of [ann, bob, spec]) await p.context().close();
}

// The lobby at phone width.
const phone = await browser.newContext({ viewport: { width: 360, height: 800 } });
const pp = await phone.newPage();
await pp.goto(url);
await pp.waitForSelector('#game option', { state: 'attached' });
await pp.screenshot({ path: `${artifacts}/lobby-360.png`, fullPage: true });
const overflow = await pp.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
if (overflow) fail('the lobby is wider than a 360 px screen');
await browser.close();
console.log('ok');
