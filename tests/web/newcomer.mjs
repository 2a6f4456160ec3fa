// A table newcomers enjoy (issue 24), in Debian's chromium driven by
// playwright-core, against a server this test runs itself:
// - no console error at all on the lobby (the favicon is served: no 404);
// - the connection status survives a language switch;
// - the lobby offers options in words, disables one that does not fit the
//   player count and says why, does not offer simulation caps, and a table
//   the server refuses marks the option it names and keeps the panel open;
// - the rules of every game open as an illustrated page in both languages
//   (the board's cards, a worked turn, Babasuki's values as a table);
// - the page a friend opens from a shared link names the game, the inviter,
//   the options in words and the seats, with one button to sit down;
// - at 360 x 740 px on a touch screen, for every game, the hand and the
//   move buttons are inside the viewport, no keyboard hint shows and the
//   buttons are at least 44 px tall;
// - the four-colour deck setting is kept and redraws clubs and diamonds.
// Screenshots of every rules page and of each board at 360 px go to $ARTIFACTS.
//
// usage: node tests/web/newcomer.mjs CARDHALL ARTIFACTS
import { mkdirSync } from 'node:fs';
import { fail, launchChromium, testServer } from './serve.mjs';

const [cardhall, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const srv = await testServer(cardhall, 'newcomer');
const url = srv.url;
await srv.start();
const browser = await launchChromium();

// Every console error fails, a 404 (a missing favicon) included.
async function person(lang, width = 1280, height = 900, touch = false) {
  const ctx = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch });
  await ctx.addInitScript((l) => { if (!localStorage.getItem('cardhall.lang')) localStorage.setItem('cardhall.lang', l); }, lang);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => fail('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') fail('console error: ' + m.text()); });
  page.on('response', (r) => { if (r.status() >= 400) fail(`${r.url()}: HTTP ${r.status()}`); });
  return page;
}

async function lobby(page) {
  await page.goto(url);
  await page.waitForSelector('#game option', { state: 'attached' });
}

// ---- the favicon, the status across a language switch ----
{
  const p = await person('en');
  await lobby(p);
  const icon = await p.evaluate(async () => {
    const r = await fetch(document.querySelector('link[rel=icon]').href);
    return { status: r.status, type: r.headers.get('content-type'), svg: (await r.text()).startsWith('<svg') };
  });
  if (icon.status !== 200 || !/image\/svg\+xml/.test(icon.type) || !icon.svg) fail('favicon: ' + JSON.stringify(icon));
  await p.waitForFunction(() => /Connected/.test(document.getElementById('status').textContent));
  await p.click('#lang');
  const st = await p.textContent('#status');
  if (st !== '接続しました') fail(`the status after a language switch reads "${st}"`);
  await p.click('#lang');
  if (await p.textContent('#status') !== 'Connected') fail('the status after switching back');
  await p.context().close();
}

// ---- the lobby's options ----
{
  const p = await person('en');
  await lobby(p);
  await p.selectOption('#game', 'racko');
  await p.selectOption('#players', '3');
  await p.click('details summary');
  // Rack-O's partnership needs 4 players (racko options), the 2-player rule 2.
  if (!await p.isDisabled('[data-opt="partnership"]')) fail('racko: partnership is offered to 3 players');
  const why = await p.textContent('#opt-partnership-why');
  if (!/4 players/.test(why)) fail('racko: the reason for partnership reads: ' + why);
  const runReq = p.locator('[data-opt="two_player_rule"] option[value="run_required"]');
  if (!await runReq.isDisabled() || !/2 players/.test(await runReq.textContent())) fail('racko: run_required is offered to 3 players');
  if (await p.$('[data-opt="max_turns_per_round"]')) fail('racko: the simulation cap max_turns_per_round is offered');
  const tie = await p.textContent('[data-opt="tie_rule"] option[value="play_on"]');
  if (tie !== 'Play on to a single winner') fail('racko: play_on reads ' + tie);
  const seat3 = p.locator('[data-opt="first_dealer"] option[value="3"]');
  if (!await seat3.isDisabled()) fail('racko: first_dealer P3 is offered at a 3-seat table');
  await p.selectOption('#players', '4');
  if (await p.isDisabled('[data-opt="partnership"]')) fail('racko: partnership is disabled with 4 players');
  // Comrade's 4-player rules are unknown: that count is disabled with its reason.
  await p.selectOption('#game', 'comrade');
  const four = p.locator('#players option[value="4"]');
  if (!await four.isDisabled() || !/4-player/.test(await four.textContent())) fail('comrade: 4 players is offered');
  // A table the server refuses: the reason lands on the field it names.
  await p.selectOption('#game', 'rumino');
  if (!await p.$('details[open]')) await p.click('details summary');
  await p.fill('[data-opt="starting_chips"]', '1');
  await p.dispatchEvent('[data-opt="starting_chips"]', 'change');
  await p.fill('[data-opt="ante"]', '5');
  await p.dispatchEvent('[data-opt="ante"]', 'change');
  await p.fill('#name', 'Ann');
  await p.click('#create');
  await p.waitForSelector('#opt-ante-err');
  if (await p.getAttribute('[data-opt="ante"]', 'aria-invalid') !== 'true') fail('rumino: the refused field is not marked');
  if (!/starting_chips/.test(await p.textContent('#opt-ante-err'))) fail('rumino: the refusal does not say why');
  if (!await p.$('details[open]')) fail('rumino: the options panel closed on a refusal');
  if (await p.inputValue('[data-opt="ante"]') !== '5') fail('rumino: the chosen value was lost');
  if (/#table=/.test(p.url())) fail('rumino: a refused table was entered');
  await p.screenshot({ path: `${artifacts}/newcomer-lobby-refused.png`, fullPage: true });
  await p.context().close();
}

// ---- the rules pages, both languages ----
const GAMES = ['racko', 'ragamaru', 'rumino', 'babasuki', 'comrade'];
for (const lang of ['en', 'ja']) {
  // Tall, so that the screenshot holds the whole page.
  const p = await person(lang, 1000, 2600);
  await lobby(p);
  for (const g of GAMES) {
    await p.selectOption('#game', g);
    await p.click('#lobby-rules');
    await p.waitForSelector('dialog#rules[open] .rules-text p');
    const n = await p.locator('dialog#rules .rules-cards .card').count();
    if (n < 3) fail(`${g} ${lang}: the rules page pictures ${n} cards`);
    const ex = await p.textContent('dialog#rules .rules-example');
    if (ex.length < 60) fail(`${g} ${lang}: no worked example`);
    if (lang === 'ja' && !/[\u3040-\u30ff]/.test(ex)) fail(`${g}: the Japanese example is not Japanese`);
    if (await p.locator('dialog#rules dl.rules-opts dt').count() < 2) fail(`${g} ${lang}: no options in words`);
    if (g === 'babasuki') {
      const rows = await p.locator('dialog#rules table.rules-values tbody tr').count();
      if (rows < 4) fail(`babasuki ${lang}: the value table has ${rows} rows`);
    }
    await p.locator('dialog#rules').screenshot({ path: `${artifacts}/rules-${g}-${lang}.png` });
    await p.click('#rules-close');
  }
  await p.context().close();
}

// ---- the invitation ----
{
  const ann = await person('en');
  await lobby(ann);
  await ann.selectOption('#game', 'racko');
  await ann.selectOption('#players', '3');
  const seats = await ann.$$('.seat-specs select');
  for (let i = 0; i < seats.length; i++) await seats[i].selectOption(i < 2 ? 'open' : 'normal');
  await ann.click('details summary');
  await ann.check('[data-opt="bonus_racko"]');
  await ann.fill('#name', 'Ann');
  await ann.click('#create');
  await ann.waitForURL(/#table=\d+/);
  const link = ann.url();
  const bob = await person('en');
  await bob.goto(link);
  await bob.waitForSelector('.invite-who');
  const who = await bob.textContent('.invite-who');
  if (!/Ann/.test(who) || !/Rack-O/.test(who)) fail('invitation: ' + who);
  const opts = await bob.textContent('.invite-opts');
  if (!/Bonus Rack-O\s*on/.test(opts) || !/Play on|share the win/.test(opts)) fail('invitation options: ' + opts);
  const seatsText = await bob.textContent('.invite-seats');
  if (!/Ann/.test(seatsText) || !/free/.test(seatsText) || !/computer/i.test(seatsText)) fail('invitation seats: ' + seatsText);
  if (await bob.locator('.invite button.primary').count() !== 1 || await bob.textContent('#join') !== 'Sit down') fail('invitation: one sit-down button');
  await bob.screenshot({ path: `${artifacts}/newcomer-invite.png`, fullPage: true });
  await bob.click('#join');
  await bob.waitForSelector('#board');
  await ann.context().close();
  await bob.context().close();
}

// ---- phones: every game at 360 x 740 on a touch screen ----
const inView = (b, vw, vh) => b && b.y >= 0 && b.y + Math.min(b.height, 60) <= vh && b.x >= 0 && b.x < vw;
for (const g of GAMES) {
  const p = await person('en', 360, 740, true);
  await lobby(p);
  await p.selectOption('#game', g);
  await p.fill('#name', 'Ann');
  await p.click('#create');
  await p.waitForSelector('#board');
  await p.waitForSelector('.moves-box', { timeout: 20000 });
  await p.waitForTimeout(200);
  const moves = await p.locator('.moves-box').boundingBox();
  if (!inView(moves, 360, 740)) fail(`${g} at 360 px: the moves are out of view: ${JSON.stringify(moves)}`);
  const hand = await p.locator('.phone-dock > :first-child').boundingBox();
  if (!inView(hand, 360, 740)) fail(`${g} at 360 px: the hand is out of view: ${JSON.stringify(hand)}`);
  if (!await p.$('.phone-dock .card')) fail(`${g} at 360 px: no card of the hand is docked`);
  if (await p.locator('.moves kbd').first().isVisible().catch(() => false)) fail(`${g}: a keyboard hint shows on a touch screen`);
  const small = await p.$$eval('.moves-box button', (bs) => bs.filter((b) => b.getBoundingClientRect().height < 44).length);
  if (small) fail(`${g}: ${small} move buttons are under 44 px`);
  await p.screenshot({ path: `${artifacts}/phone-${g}.png` });
  if (g === 'rumino') {
    // The four-colour deck: clubs green, diamonds blue, and kept.
    await p.click('#four-colour');
    if (await p.getAttribute('#four-colour', 'aria-pressed') !== 'true') fail('four-colour: not pressed');
    await p.reload();
    await p.waitForSelector('.phone-dock .card');
    const inks = await p.$$eval('.phone-dock [data-card$="C"] text, .phone-dock [data-card$="D"] text',
      (ts) => ts.map((t) => t.closest('[data-card]').dataset.card.slice(-1) + t.getAttribute('fill')));
    if (!inks.length) fail('four-colour: no club or diamond in the hand to look at');
    for (const k of inks) if (k !== 'C#1e7a3c' && k !== 'D#1f5fa8') fail('four-colour: a card drawn ' + k);
    await p.screenshot({ path: `${artifacts}/phone-rumino-four-colour.png` });
  }
  await p.context().close();
}

await browser.close();
await srv.stop();
console.log('newcomer: ok');
