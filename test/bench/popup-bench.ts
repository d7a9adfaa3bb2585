// Popup benchmarks: ready time beside a blank page and React alone in the same run, the popup's
// JavaScript (gzip), and the time from "Shorten" to the short URL shown beside the service's own.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { build } from 'vite';
import { DEFAULT_PREFERENCES } from '../../lib/settings/preferences.ts';
import { EXTENSION_DIR, launchWithExtension } from '../support/chromium.ts';
import { closeInstallTab } from '../support/install-tab.ts';
import { startTestService } from '../support/test-service.ts';

const RUNS = 20;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * The gzip bytes of the scripts popup.html loads at once (scripts and modulepreloads), and of all
 * it can load, the chunks it imports on demand (API client, QR code) included.
 */
export function popupScriptBytes(extensionDir = EXTENSION_DIR): { initial: number; all: number } {
  const gzipBytes = (file: string) =>
    gzipSync(readFileSync(path.join(extensionDir, file)), { level: 9 }).length;
  const html = readFileSync(path.join(extensionDir, 'popup.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  const all = new Set(initial);
  for (const file of all) {
    const code = readFileSync(path.join(extensionDir, file), 'utf8');
    for (const [, name] of code.matchAll(/["'`](?:\.\/|\/?chunks\/)([\w-]+\.js)["'`]/g)) {
      all.add(`chunks/${name}`);
    }
  }
  const sum = (files: Iterable<string>) =>
    [...files].reduce((total, file) => total + gzipBytes(file), 0);
  return { initial: sum(initial), all: sum(all) };
}

/** A copy of the built extension with the yardstick pages added. */
export async function extensionWithYardsticks(
  dir: string,
  builtDir = EXTENSION_DIR,
): Promise<string> {
  const extensionDir = path.join(dir, 'extension');
  cpSync(builtDir, extensionDir, { recursive: true });
  writeFileSync(
    path.join(extensionDir, 'bench-blank.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head><body><main data-ready="true"><input aria-label="Destination URL" value="https://example.com/"><button>Shorten</button></main></body></html>',
  );
  for (const [source, out] of [
    ['react-alone', 'bench-react'],
    ['react-reads', 'bench-react-reads'],
  ]) {
    await build({
      root: path.resolve('test/bench', source as string),
      base: './',
      logLevel: 'silent',
      build: { outDir: path.join(extensionDir, out as string), emptyOutDir: true },
    });
  }
  return extensionDir;
}

/** Milliseconds from navigation start to `main[data-ready="true"]` with its first input filled. */
async function readyTime(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const done = () => {
      const input = document.querySelector(
        'main[data-ready="true"] input',
      ) as HTMLInputElement | null;
      if (input && input.value !== '') {
        (window as unknown as { readyAt: number }).readyAt ??= performance.now();
        return true;
      }
      return false;
    };
    new MutationObserver((_records, observer) => {
      if (done()) observer.disconnect();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { readyAt?: number }).readyAt !== undefined,
  );
  const readyAt = await page.evaluate(() => (window as unknown as { readyAt: number }).readyAt);
  await page.close();
  return readyAt;
}

async function clickToShown(
  page: Page,
  backHalf: string,
): Promise<{ total: number; request: number }> {
  await page.getByLabel('Back-half', { exact: true }).fill(backHalf);
  return page.evaluate(
    () =>
      new Promise<{ total: number; request: number }>((resolve) => {
        performance.clearResourceTimings();
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.textContent === 'Shorten',
        );
        const started = performance.now();
        new MutationObserver((_records, observer) => {
          if (!document.querySelector('.result .short-url a')) return;
          observer.disconnect();
          const total = performance.now() - started;
          const post = performance
            .getEntriesByType('resource')
            .find((entry) => entry.name.endsWith('/v1/links')) as
            | PerformanceResourceTiming
            | undefined;
          resolve({ total, request: post ? post.responseEnd - post.startTime : Number.NaN });
        }).observe(document.body, { subtree: true, childList: true });
        button?.click();
      }),
  );
}

/**
 * The one-click path as the toolbar button's event runs it (the background's `onActionClick`, which
 * the browser calls): from the call to the clipboard written (the offscreen page's answer to the
 * copy request), beside the create request's own time (Resource Timing in the service worker).
 */
async function oneClickToCopied(
  worker: Worker,
  tabId: number,
): Promise<{ total: number; request: number; status: string }> {
  return worker.evaluate(async (id) => {
    const scope = globalThis as unknown as {
      copiedAt?: number;
      benchPatched?: boolean;
      shortLinkBackground?: {
        onActionClick(tab: unknown): Promise<{ status: string }>;
      };
    };
    if (!scope.benchPatched) {
      scope.benchPatched = true;
      const runtime = chrome.runtime as unknown as {
        sendMessage: (message: { type?: string }) => Promise<unknown>;
      };
      const send = runtime.sendMessage.bind(runtime);
      runtime.sendMessage = async (message) => {
        const answer = await send(message);
        if (message?.type === 'copy-to-clipboard') scope.copiedAt = performance.now();
        return answer;
      };
    }
    const tab = await chrome.tabs.get(id);
    performance.clearResourceTimings();
    scope.copiedAt = undefined;
    const started = performance.now();
    const outcome = await scope.shortLinkBackground?.onActionClick(tab);
    const post = performance
      .getEntriesByType('resource')
      .find((entry) => entry.name.endsWith('/v1/links')) as PerformanceResourceTiming | undefined;
    return {
      total: (scope.copiedAt ?? Number.NaN) - started,
      request: post ? post.responseEnd - post.startTime : Number.NaN,
      status: outcome?.status ?? 'none',
    };
  }, tabId);
}

export type PopupFigures = {
  blankMs: number;
  reactMs: number;
  /** React alone plus the settings and tab reads the popup waits for: the popup's floor. */
  reactWithReadsMs: number;
  popupMs: number;
  /** The popup with two accounts, so with its "Account" select, in the same run. */
  popupWithSelectMs: number;
  /** The popup with settings an older version stored (no preferences): read by zod, in a chunk. */
  popupOlderSettingsMs: number;
  popupScriptGzipBytes: { initial: number; all: number };
  clickToShownMs: number;
  serviceRequestMs: number;
  /** The toolbar button's one click: its event to the clipboard written, and the create alone. */
  oneClickToCopiedMs: number;
  oneClickRequestMs: number;
};

/**
 * Stores the settings as the extension stores them and waits for the background to have answered
 * the change: with the accounts' number changed it rebuilds the context menu (one child per
 * account), calls that the browser's main thread runs while it also answers a popup's reads. A
 * popup opened at once would be timed against that rebuild; the person's popup never is.
 */
export async function storeSettled(
  worker: Worker,
  settings: Record<string, unknown> & { accounts: unknown[] },
) {
  await worker.evaluate(async (stored) => {
    const background = (
      globalThis as unknown as {
        shortLinkBackground?: { menuItems(): { parentId?: string }[] };
      }
    ).shortLinkBackground;
    await chrome.storage.local.set({ settings: stored });
    const children = stored.accounts.length > 1 ? stored.accounts.length : 0;
    const built = () =>
      background?.menuItems().filter((item) => item.parentId !== undefined).length === children;
    for (let waited = 0; !built() && waited < 2000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The rebuild's last calls (the one-click item) are sent a task later; an extension's calls
    // are answered in order, so one more answered means all of them are.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await chrome.action.getPopup({});
  }, settings);
}

/** A page to shorten that is not on the service (which refuses links to its own pages). */
export async function servePage() {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end('<!doctype html><title>Bench page</title><p>A page to shorten</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/article`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export async function benchPopup(): Promise<PopupFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-popup-bench-'));
  const service = await startTestService();
  const second = await startTestService();
  const page = await servePage();
  const context = await launchWithExtension({ extensionDir: await extensionWithYardsticks(dir) });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const base = `chrome-extension://${new URL(worker.url()).host}`;
    // Chromium can open the install's options page in the tab a measure just created.
    await closeInstallTab(context, new URL(worker.url()).host);
    const work = {
      id: 'first',
      name: 'Work',
      apiBaseUrl: service.baseUrl,
      apiKey: await service.createAccount('bench@example.com'),
      defaultDomain: '',
    };
    const personal = {
      id: 'personal',
      name: 'Personal',
      apiBaseUrl: second.baseUrl,
      apiKey: await second.createAccount('bench@example.com'),
      defaultDomain: '',
    };
    // One account (no select), or two (the "Account" select above the form), stored as the
    // extension stores settings: every field (the options page saves them so, and the background
    // rewrites older ones so on update).
    const storeAccounts = (accounts: (typeof work)[]) =>
      storeSettled(worker, {
        ...DEFAULT_PREFERENCES,
        accounts,
        defaultAccountId: 'first',
        autoCopy: false,
      });
    // As a version from before the preferences stored them, until the background rewrites them.
    const storeOlderSettings = () =>
      storeSettled(worker, {
        accounts: [work],
        defaultAccountId: 'first',
        autoCopy: false,
      });
    const target = await context.newPage();
    await target.goto(page.url);
    const tabId = await worker.evaluate(
      async () => (await chrome.tabs.query({ title: 'Bench page' }))[0]?.id,
    );

    const times = {
      blank: [] as number[],
      react: [] as number[],
      reactWithReads: [] as number[],
      popup: [] as number[],
      withSelect: [] as number[],
      olderSettings: [] as number[],
    };
    for (let run = 0; run < RUNS + 2; run++) {
      const blank = await readyTime(context, `${base}/bench-blank.html`);
      const react = await readyTime(context, `${base}/bench-react/index.html`);
      await storeAccounts([work]);
      const reactWithReads = await readyTime(
        context,
        `${base}/bench-react-reads/index.html?tab=${tabId}`,
      );
      const popup = await readyTime(context, `${base}/popup.html?tab=${tabId}`);
      await storeAccounts([work, personal]);
      const withSelect = await readyTime(context, `${base}/popup.html?tab=${tabId}`);
      await storeOlderSettings();
      const olderSettings = await readyTime(context, `${base}/popup.html?tab=${tabId}`);
      if (run < 2) continue; // warm-up
      times.blank.push(blank);
      times.react.push(react);
      times.reactWithReads.push(reactWithReads);
      times.popup.push(popup);
      times.withSelect.push(withSelect);
      times.olderSettings.push(olderSettings);
    }

    await storeAccounts([work]);
    const popupPage = await context.newPage();
    await popupPage.goto(`${base}/popup.html?tab=${tabId}`);
    await popupPage.locator('main[data-ready="true"]').waitFor();
    const clicks: { total: number; request: number }[] = [];
    for (let run = 0; run < RUNS; run++) clicks.push(await clickToShown(popupPage, `bench-${run}`));

    // One click: a new address each time, so each click makes a link (none to reuse).
    await worker.evaluate(async () => {
      const { settings } = await chrome.storage.local.get('settings');
      await chrome.storage.local.set({ settings: { ...(settings as object), oneClick: true } });
    });
    const oneClicks: { total: number; request: number }[] = [];
    for (let run = 0; run < RUNS + 2; run++) {
      await target.goto(`${page.url}?one-click=${run}`);
      const click = await oneClickToCopied(worker, tabId as number);
      if (click.status !== 'copied') throw new Error(`One click gave "${click.status}".`);
      if (run >= 2) oneClicks.push(click); // the first two start the offscreen page: warm-up
    }

    return {
      blankMs: median(times.blank),
      reactMs: median(times.react),
      reactWithReadsMs: median(times.reactWithReads),
      popupMs: median(times.popup),
      popupWithSelectMs: median(times.withSelect),
      popupOlderSettingsMs: median(times.olderSettings),
      popupScriptGzipBytes: popupScriptBytes(),
      clickToShownMs: median(clicks.map((click) => click.total)),
      serviceRequestMs: median(clicks.map((click) => click.request)),
      oneClickToCopiedMs: median(oneClicks.map((click) => click.total)),
      oneClickRequestMs: median(oneClicks.map((click) => click.request)),
    };
  } finally {
    await context.close();
    await Promise.all([service.stop(), second.stop(), page.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
}
