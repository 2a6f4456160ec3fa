// What every browser test needs before its first page: a way to fail, a
// cardhall server of its own on a free loopback port (its database in a
// temporary directory, removed when the test ends), Debian's chromium, and
// a poll that works under the page's CSP.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const fail = (msg) => { console.error('FAIL: ' + msg); process.exit(1); };
process.on('uncaughtException', (e) => fail('unexpected: ' + (e && e.stack ? e.stack : e)));
process.on('unhandledRejection', (e) => fail('unexpected: ' + (e && e.stack ? e.stack : e)));

// The server a test runs: start() (again after a kill, on the same port and
// database, so that pages find it again), proc the running process or null.
// The server never outlives the test, whatever ends it: an orphan would hold
// ctest's output pipe open until the test's timeout.
export async function testServer(cardhall, name) {
  const dir = mkdtempSync(join(tmpdir(), `cardhall-${name}-`));
  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
  const srv = {
    dir, port, url: `http://127.0.0.1:${port}/`, proc: null,
    async start() {
      const proc = spawn(cardhall, ['serve', '--port', String(port), '--db', join(dir, 'web.db'), '--bot-delay', '0'],
        { stdio: ['ignore', 'pipe', 'pipe'] });
      srv.proc = proc;
      proc.stderr.on('data', (d) => process.stderr.write(d));
      await new Promise((resolve, reject) => {
        let out = '';
        proc.stdout.on('data', (d) => { out += d; if (out.includes('http://')) resolve(); });
        proc.on('exit', (code) => reject(new Error('the server exited: ' + code)));
      }).catch((e) => fail(e.message));
      proc.removeAllListeners('exit');
    },
    // Resolves with the exit code, or null if it has not exited within ms.
    async stop(signal = 'SIGKILL', ms = 10000) {
      const proc = srv.proc;
      if (!proc) return null;
      const code = await new Promise((resolve) => {
        const t = setTimeout(() => resolve(null), ms);
        proc.once('exit', (c) => { clearTimeout(t); resolve(c); });
        proc.kill(signal);
      });
      srv.proc = null;
      return code;
    },
  };
  process.on('exit', () => {
    if (srv.proc) srv.proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  return srv;
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
}

// Polled from here: the page's CSP forbids the eval behind waitForFunction.
export async function until(f, ms = 15000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await f()) return true;
  return false;
}
