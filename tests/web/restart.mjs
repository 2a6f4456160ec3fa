// Issue 27: the browser page when the server restarts (SIGTERM, as systemd
// stops it). Two pages, English at 1280 px and Japanese at 360 px, one of
// them seated at a table: on SIGTERM each page says the server is
// restarting, in its language (not "connection lost"), and keeps saying it
// while the server is down; once the server is back each page reconnects by
// itself, says so, and the seated page is at its seat with every move.
// Screenshots of both pages during the restart go to $ARTIFACTS.
//
// usage: node tests/web/restart.mjs CARDHALL ARTIFACTS
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fail, launchChromium, testServer, until } from './serve.mjs';

const [cardhall, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const srv = await testServer(cardhall, 'restart');
const url = srv.url;

const TEXT = {
  en: { connected: 'Connected', restarting: 'The server is restarting; reconnecting…' },
  ja: { connected: '接続しました', restarting: 'サーバーを再起動しています。再接続します…' },
};

await srv.start();
const browser = await launchChromium();

async function open(lang, width) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 }, locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
  await ctx.addInitScript((l) => localStorage.setItem('cardhall.lang', l), lang);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => fail('page error: ' + e.message));
  await page.goto(url);
  await status(page, TEXT[lang].connected, 'connected at first');
  return page;
}

async function status(page, want, what) {
  if (!await until(async () => await page.textContent('#status') === want))
    fail(`${what}: the status says '${await page.textContent('#status')}', not '${want}'`);
}

const en = await open('en', 1280);
const ja = await open('ja', 360);

// Ann sits at a Rack-O table against the heuristic and makes a move.
await en.waitForSelector('#game option', { state: 'attached' });
await en.selectOption('#game', 'racko');
await en.selectOption('#players', '2');
await en.fill('#name', 'Ann');
await en.click('#create');
await en.waitForURL(/#table=\d+/);
await en.waitForSelector('.moves button', { timeout: 15000 });
await en.click('.moves button');
await en.waitForSelector('.moves button', { timeout: 15000 });
const logOf = (p) => p.evaluate(() => { const l = document.getElementById('log'); return l ? l.textContent : ''; });
// The log is drawn from the moves' events as they arrive (Ann's move, then
// perhaps the computer's): wait until it is there and has stopped changing.
let seen = '';
if (!await until(async () => {
  const now = await logOf(en);
  const settled = now.trim() !== '' && now === seen;
  seen = now;
  if (!settled) await en.waitForTimeout(700);
  return settled;
})) fail('no settled log on the table before the restart');
const before = await logOf(en);

const exited = await srv.stop('SIGTERM', 5000);
if (exited !== 0) fail('the server did not exit 0 within 5 s of SIGTERM: ' + exited);
await status(en, TEXT.en.restarting, 'English page after SIGTERM');
await status(ja, TEXT.ja.restarting, 'Japanese page after SIGTERM');
// Still saying it after a few failed reconnections, not "connection lost".
await en.waitForTimeout(1500);
await status(en, TEXT.en.restarting, 'English page while the server is down');
await status(ja, TEXT.ja.restarting, 'Japanese page while the server is down');
await en.evaluate(() => window.scrollTo(0, 0));
await en.screenshot({ path: join(artifacts, 'restarting-1280-en.png') });
await ja.screenshot({ path: join(artifacts, 'restarting-360-ja.png') });

await srv.start();
await status(en, TEXT.en.connected, 'English page once the server is back');
await status(ja, TEXT.ja.connected, 'Japanese page once the server is back');
// Ann is at her seat again, her turn, with the log of every move so far.
await en.waitForSelector('.moves button', { timeout: 15000 });
if (!await until(async () => await logOf(en) === before))
  fail(`the log after the restart is '${await logOf(en)}', not '${before}'`);
await browser.close();
console.log('web_restart: ok');
process.exit(0);
