// `npm start`: the reference service with a demo account, the extension built for it, and
// Chromium with the extension loaded (when there is a display). Ctrl-C, or closing Chromium, stops
// all of it.
//
// Environment: SHORTLINK_PORT (8787), SHORTLINK_DATA_DIR (.data), SHORTLINK_NO_BROWSER=1 (do not
// open Chromium), SHORTLINK_SKIP_BUILD=1 (use the build already in .output, for tests).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type RunningService, startService } from '../server/service.ts';
import { openStorage } from '../server/storage/open-storage.ts';
import { type Storage, StorageOpenError } from '../server/storage/storage.ts';
import { launchWithExtension } from '../test/support/chromium.ts';
import { DEMO_DOMAIN, DEMO_EMAIL, type DemoAccount, ensureDemoAccount } from './demo.ts';

const DATA_DIR = path.resolve(process.env.SHORTLINK_DATA_DIR ?? '.data');
const DB_FILE = path.join(DATA_DIR, 'service.db');
// A development build: it holds the demo key, which a production build never does.
const EXTENSION_DIR = path.resolve('.output/chrome-mv3-dev');
const port = Number(process.env.SHORTLINK_PORT ?? 8787);
const shortDomain = `localhost:${port}`;
const baseUrl = `http://localhost:${port}`;

/** A path relative to the project when it is inside it, else absolute. */
function shortPath(file: string): string {
  const relative = path.relative('.', file);
  return relative.startsWith('..') ? file : relative;
}

function fail(sentence: string): never {
  console.error(`npm start: ${sentence}`);
  process.exit(1);
}

async function demoAccount(): Promise<DemoAccount> {
  mkdirSync(DATA_DIR, { recursive: true, mode: 0o700 });
  let store: Storage;
  try {
    store = await openStorage(DB_FILE);
  } catch (error) {
    if (error instanceof StorageOpenError) fail(error.message);
    throw error;
  }
  try {
    return await ensureDemoAccount(store, path.join(DATA_DIR, 'demo-api-key'), shortDomain);
  } finally {
    await store.close();
  }
}

async function listen(): Promise<RunningService> {
  try {
    return await startService({ db: DB_FILE, port, shortDomain });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail(
        `port ${port} is in use. Stop what runs there, or choose another port: SHORTLINK_PORT=${port + 1} npm start`,
      );
    }
    throw error;
  }
}

/** The development build, connected to this service; false when it fails. Ctrl-C can stop it. */
async function buildExtension(apiKey: string): Promise<boolean> {
  console.log('Building the extension (development build)…');
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('npx', ['wxt', 'build', '--mode', 'development'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, WXT_API_BASE_URL: baseUrl, WXT_DEMO_API_KEY: apiKey },
    });
    child.once('error', () => resolve(null));
    child.once('exit', resolve);
  });
  return code === 0;
}

if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  fail(`SHORTLINK_PORT must be a port number, not "${process.env.SHORTLINK_PORT}".`);
}
const demo = await demoAccount();
// The port is taken before the build, so a clash is reported at once.
const service = await listen();
let browser: Awaited<ReturnType<typeof launchWithExtension>> | undefined;
let stopping = false;
async function stop(reason = ''): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${reason}Stopping…`);
  await browser?.close().catch(() => {});
  await service.stop();
  console.log(
    `Stopped: the service and its database${browser ? ', and Chromium,' : ''} are closed.`,
  );
  process.exit(0);
}
// `on`, not `once`: Ctrl-C in a terminal signals npm and this process, and npm forwards the signal
// again, so a second one arrives while stopping; it must not kill what is being closed.
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

// The build runs while the service listens, so Ctrl-C during it stops both cleanly.
const built = process.env.SHORTLINK_SKIP_BUILD === '1' || (await buildExtension(demo.apiKey));
if (!built && !stopping) {
  await service.stop();
  fail('the extension did not build (the error is above). Fix it and run npm start again.');
}
if (!stopping) await ready();

async function ready(): Promise<void> {
  const keyNote = {
    account: ' (new demo account)',
    key: ' (a new key: the saved one was missing)',
    nothing: '',
  }[demo.made];
  console.log(`
Reference service   ${service.baseUrl}   (API under /v1)
Short links         http://${service.shortDomain}/<back-half>, and http://${DEMO_DOMAIN}:${port}/<back-half>
Database            ${shortPath(DB_FILE)}
Demo account        ${DEMO_EMAIL}, paid plan, custom domain ${DEMO_DOMAIN}
Demo API key        ${demo.apiKey}${keyNote}
Extension           ${shortPath(EXTENSION_DIR)} (development build, holds the demo key)`);

  const hasDisplay =
    process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  if (hasDisplay && process.env.SHORTLINK_NO_BROWSER !== '1') {
    browser = await launchWithExtension({
      extensionDir: EXTENSION_DIR,
      headless: false,
      userDataDir: path.join(DATA_DIR, 'chromium-profile'),
      // Ctrl-C is ours: Chromium closes first, then the service finishes its requests and flushes.
      handleSignals: false,
    });
    browser.on('close', () => void stop('Chromium was closed. '));
    console.log(`
Chromium is open with the extension loaded. Try it: open any web page, click the Short Link
button in the toolbar (or press Alt+Shift+S) and press "Shorten". The options page lists the
demo links. Closing Chromium or pressing Ctrl-C stops everything.`);
  } else {
    console.log(`
No browser opened${hasDisplay ? ' (SHORTLINK_NO_BROWSER=1)' : ': there is no display'}. Load the extension by hand: in
Chromium or Chrome open chrome://extensions, turn on "Developer mode", choose "Load unpacked" and
pick ${EXTENSION_DIR}
(the development build, which is already connected to this service with the demo key; the
production build in .output/chrome-mv3 starts unconfigured). The service keeps running.
Press Ctrl-C to stop.`);
  }
}
