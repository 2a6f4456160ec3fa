// A developer's look at a board (not part of the suite): creates a table of
// GAME with seat 0 a person and the rest computer players, plays the
// person's first legal move STEPS times, and saves a screenshot after each
// of the last few steps. With WEB_DIR set, the page's files come from that
// directory instead of the server's compiled-in copy, so a board module can
// be looked at without rebuilding.
//
// usage: [WEB_DIR=web] node tests/web/shot.mjs URL GAME PLAYERS STEPS OUT.png [en|ja] [WIDTH] [opts-json] [pick]
//   pick: first (default) or random legal move; OUT.jpg saves JPEG (smaller, for docs)
import { chromium } from 'playwright-core';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const [url, game, players, steps, out, lang = 'en', width = '1000', optsJson = '{}', pick = 'first'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights'] });
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
await ctx.addInitScript((l) => localStorage.setItem('cardhall.lang', l), lang);
if (process.env.WEB_DIR) {
  await ctx.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (u.protocol !== 'http:') return route.continue();
    const path = u.pathname === '/' ? '/index.html' : u.pathname;
    const f = join(process.env.WEB_DIR, path);
    if (!existsSync(f)) return route.continue();
    const type = f.endsWith('.js') ? 'text/javascript' : f.endsWith('.css') ? 'text/css' : 'text/html';
    return route.fulfill({ body: readFileSync(f), contentType: type });
  });
}
const page = await ctx.newPage();
page.on('pageerror', (e) => console.error('page error: ' + e.message));
page.on('console', (m) => { if (m.type() === 'error' && !m.text().includes('404')) console.error('console: ' + m.text()); });
await page.goto(url);
await page.waitForSelector('#game option', { state: 'attached' });
await page.selectOption('#game', game);
await page.selectOption('#players', String(players));
const opts = JSON.parse(optsJson);
if (Object.keys(opts).length) {
  await page.click('details summary');
  for (const [k, v] of Object.entries(opts)) {
    const i = page.locator(`[data-opt="${k}"]`);
    if (await i.getAttribute('type') === 'checkbox') { if (v === 'true') await i.check(); else await i.uncheck(); }
    else if (await i.evaluate((e) => e.tagName) === 'SELECT') await i.selectOption(v);
    else await i.fill(v);
  }
}
await page.fill('#name', 'Ann');
await page.click('#create');
await page.waitForSelector('#board');
const n = Number(steps);
for (let i = 0; i < n; i++) {
  const moves = page.locator('.moves button.move');
  try { await moves.first().waitFor({ timeout: 15000 }); } catch { if (await page.locator('#over-h').count()) break; throw new Error('no move offered'); }
  const count = await moves.count();
  const k = pick === 'random' ? Math.floor(Math.random() * count) : 0;
  const b = moves.nth(k);
  await b.click();
  if (await b.isVisible().catch(() => false) && (await b.getAttribute('class', { timeout: 500 }).catch(() => '') || '').includes('armed')) await b.click().catch(() => {});
  await page.waitForTimeout(150);
  if (i >= n - 3 && !out.endsWith('.jpg')) await page.screenshot({ path: out.replace(/\.png$/, '') + '-' + i + '.png', fullPage: true });
}
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: true, ...(out.endsWith('.jpg') ? { type: 'jpeg', quality: 80 } : {}) });
// The same page as PNG too, for an image viewer that reads PNG only.
if (process.env.PREVIEW) await page.screenshot({ path: process.env.PREVIEW, fullPage: true });
await browser.close();
