// `npm start`: the reference service with a demo account, the extension built for it, and
// Chromium with the extension loaded (when there is a display). Ctrl-C stops all of it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchWithExtension } from '../test/chromium.ts';
import { addDomain, createAccount } from './admin.ts';
import { openStore } from './db.ts';
import { startService } from './service.ts';

const DATA_DIR = path.resolve('.data');
const DB_FILE = path.join(DATA_DIR, 'service.db');
const DEMO_KEY_FILE = path.join(DATA_DIR, 'demo-api-key');
const DEMO_EMAIL = 'demo@example.com';
const DEMO_DOMAIN = 'go.localhost';
// A development build: it holds the demo key, which a production build never does.
const EXTENSION_DIR = path.resolve('.output/chrome-mv3-dev');
const port = Number(process.env.SHORTLINK_PORT ?? 8787);
const shortDomain = `localhost:${port}`;

/** The demo account's key: made once, then kept in .data/ (keys are stored only hashed). */
function demoApiKey(): string {
  const store = openStore(DB_FILE);
  try {
    if (store.accountByEmail(DEMO_EMAIL) && existsSync(DEMO_KEY_FILE)) {
      return readFileSync(DEMO_KEY_FILE, 'utf8').trim();
    }
    if (store.accountByEmail(DEMO_EMAIL)) {
      throw new Error(
        `The demo account exists but ${DEMO_KEY_FILE} is gone: delete .data/ to start afresh.`,
      );
    }
    const key = createAccount(store, DEMO_EMAIL, 'paid');
    addDomain(store, DEMO_EMAIL, DEMO_DOMAIN, shortDomain);
    writeFileSync(DEMO_KEY_FILE, `${key}\n`, { mode: 0o600 });
    return key;
  } finally {
    store.close();
  }
}

const apiKey = demoApiKey();
const baseUrl = `http://localhost:${port}`;
console.log('Building the extension…');
execFileSync('npx', ['wxt', 'build', '--mode', 'development'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, WXT_API_BASE_URL: baseUrl, WXT_DEMO_API_KEY: apiKey },
});

const service = await startService({ dbFile: DB_FILE, port, shortDomain });
console.log(`
Reference service: ${service.baseUrl}   (database ${path.relative('.', DB_FILE)})
Demo account:      ${DEMO_EMAIL}, paid plan, custom domain ${DEMO_DOMAIN}
Demo API key:      ${apiKey}
Extension:         ${path.relative('.', EXTENSION_DIR)} (development build, holds the demo key)`);

const hasDisplay =
  process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
let browser: Awaited<ReturnType<typeof launchWithExtension>> | undefined;
if (hasDisplay) {
  browser = await launchWithExtension({
    extensionDir: EXTENSION_DIR,
    headless: false,
    userDataDir: path.join(DATA_DIR, 'chromium-profile'),
  });
  browser.on('close', () => void stop());
  console.log('Chromium is open with the extension loaded.');
} else {
  console.log(`No display: load the extension by hand. In Chromium open chrome://extensions, turn on
Developer mode, choose "Load unpacked" and pick ${EXTENSION_DIR}.`);
}
console.log('Press Ctrl-C to stop.');

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await browser?.close().catch(() => {});
  await service.stop();
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
