// Issue 27: the browser page when the server restarts (SIGTERM, as systemd
// stops it). Two pages, English at 1280 px and Japanese at 360 px, one of
// them seated at a table: on SIGTERM each page says the server is
// restarting, in its language (not "connection lost"), and keeps saying it
// while the server is down; once the server is back each page reconnects by
// itself, says so, and the seated page is at its seat with every move.
// Screenshots of both pages during the restart go to $ARTIFACTS.
//
// usage: node tests/web/restart.mjs CARDHALL ARTIFACTS
import { chromium } from 'playwright-core';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [cardhall, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), 'cardhall-restart-'));
let server = null;
const fail = (msg) => { console.error('FAIL: ' + msg); process.exit(1); };
process.on('exit', () => { if (server) server.kill('SIGKILL'); });
process.on('uncaughtException', (e) => fail('unexpected: ' + (e && e.stack ? e.stack : e)));
process.on('unhandledRejection', (e) => fail('unexpected: ' + (e && e.stack ? e.stack : e)));

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
});
const url = `http://127.0.0.1:${port}/`;

async function startServer() {
  server = spawn(cardhall, ['serve', '--port', String(port), '--db', join(dir, 'web.db'), '--bot-delay', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  server.stderr.on('data', (d) => process.stderr.write(d));
  await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => { out += d; if (out.includes('http://')) resolve(); });
    server.on('exit', (code) => reject(new Error('the server exited: ' + code)));
  }).catch((e) => fail(e.message));
  server.removeAllListeners('exit');
}

const TEXT = {
  en: { connected: 'Connected', restarting: 'The server is restarting; reconnecting…' },
  ja: { connected: '接続しました', restarting: 'サーバーを再起動しています。再接続します…' },
};

await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-quic'],
});

async function open(lang, width) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 }, locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
  await ctx.addInitScript((l) => localStorage.setItem('cardhall.lang', l), lang);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => fail('page error: ' + e.message));
  await page.goto(url);
  await status(page, TEXT[lang].connected, 'connected at first');
  return page;
}

// Polled from here: the page's CSP forbids the eval behind waitForFunction.
async function until(f, ms = 15000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await f()) return true;
  return false;
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
// The log is drawn from the moves' events as they arrive: wait for it.
if (!await until(async () => (await logOf(en)).trim())) fail('no log on the table before the restart');
const before = await logOf(en);

server.kill('SIGTERM');
const exited = await new Promise((resolve) => {
  const t = setTimeout(() => resolve(null), 5000);
  server.on('exit', (code) => { clearTimeout(t); resolve(code); });
});
if (exited !== 0) fail('the server did not exit 0 within 5 s of SIGTERM: ' + exited);
server = null;
await status(en, TEXT.en.restarting, 'English page after SIGTERM');
await status(ja, TEXT.ja.restarting, 'Japanese page after SIGTERM');
// Still saying it after a few failed reconnections, not "connection lost".
await en.waitForTimeout(1500);
await status(en, TEXT.en.restarting, 'English page while the server is down');
await status(ja, TEXT.ja.restarting, 'Japanese page while the server is down');
await en.evaluate(() => window.scrollTo(0, 0));
await en.screenshot({ path: join(artifacts, 'restarting-1280-en.png') });
await ja.screenshot({ path: join(artifacts, 'restarting-360-ja.png') });

await startServer();
await status(en, TEXT.en.connected, 'English page once the server is back');
await status(ja, TEXT.ja.connected, 'Japanese page once the server is back');
// Ann is at her seat again, her turn, with the log of every move so far.
await en.waitForSelector('.moves button', { timeout: 15000 });
if (!await until(async () => await logOf(en) === before))
  fail(`the log after the restart is '${await logOf(en)}', not '${before}'`);
await browser.close();
console.log('web_restart: ok');
process.exit(0);
