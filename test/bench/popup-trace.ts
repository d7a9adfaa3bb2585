// Where the popup's opening goes: a Chrome performance trace (the DevTools protocol's Tracing
// domain) of popup.html opened as the bench opens it, from the navigation to `main[data-ready]`
// with its input filled, beside the floor (React with the two reads) opened just before it in the
// same browser. Prints, as medians of several rounds, the time to ready, the time from the last of
// the page's two reads answered to ready (the page's own part, whatever the load made the answers
// wait), the main thread's CPU time before it by kind of trace event (the script's evaluation, each task, style, layout), with
// --profile the functions the V8 sampler caught, and each round's popup / floor ratio. Given two
// builds, it alternates them in the same run.
//
//   node test/bench/popup-trace.ts [--extension DIR]... [--runs N] [--save DIR] [--profile]
//     [--two-accounts]
//
// --two-accounts also opens each build's popup with two accounts (its "Account" select), right
// after the one-account popup; every opening writes its own settings first and waits for the
// background to have answered them (storeSettled), as the bench does.
//
// For function names, trace a build that is not minified: `npx wxt build -c
// test/bench/wxt.unminified.config.ts` writes one to .output/unminified/chrome-mv3.
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import { DEFAULT_PREFERENCES } from '../../lib/settings/preferences.ts';
import { launchWithExtension } from '../support/chromium.ts';
import { closeInstallTab } from '../support/install-tab.ts';
import { startTestService } from '../support/test-service.ts';
import { extensionWithYardsticks, servePage, storeSettled } from './popup-bench.ts';
import { type TraceEvent, tracedWhile } from './trace-tasks.ts';

const { values } = parseArgs({
  options: {
    extension: { type: 'string', multiple: true },
    runs: { type: 'string', default: '7' },
    save: { type: 'string' },
    // The V8 sampling profiler starts with the page's first script and adds tens of milliseconds
    // to it: off unless the functions are wanted.
    profile: { type: 'boolean', default: false },
    'two-accounts': { type: 'boolean', default: false },
  },
});

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  ...(values.profile ? ['disabled-by-default-v8.cpu_profiler'] : []),
];

/**
 * Installed before the page's scripts: notes when the filled form is in the page (as the bench),
 * and when the last of the two reads the page waits for (its settings, its tab) was answered: what
 * follows that is the page's own, whatever the machine's load made the answers wait.
 */
function markReady() {
  const scope = window as unknown as { readyAt: number; answeredAt: number };
  let answered = 0;
  const watch = (answer: Promise<unknown>) =>
    answer.then((value) => {
      if (++answered === 2) scope.answeredAt = performance.now();
      return value;
    });
  const { local } = chrome.storage;
  const read = local.get.bind(local) as (keys: unknown) => Promise<unknown>;
  (local as { get: unknown }).get = (keys: unknown) =>
    keys === 'settings' ? watch(read(keys)) : read(keys);
  const tab = chrome.tabs.get.bind(chrome.tabs);
  chrome.tabs.get = ((id: number) => watch(tab(id))) as typeof chrome.tabs.get;
  new MutationObserver((_records, observer) => {
    const input = document.querySelector(
      'main[data-ready="true"] input',
    ) as HTMLInputElement | null;
    if (!input || input.value === '') return;
    scope.readyAt = performance.now();
    performance.mark('popup-ready');
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

async function traced(
  page: Page,
  url: string,
): Promise<{ events: TraceEvent[]; readyMs: number; afterReadsMs: number }> {
  let times = { readyAt: 0, answeredAt: 0 };
  const events = await tracedWhile(page, CATEGORIES, async () => {
    await page.goto(url);
    await page.waitForFunction(() => 'readyAt' in window);
    times = await page.evaluate(() => {
      const { readyAt, answeredAt } = window as unknown as { readyAt: number; answeredAt: number };
      return { readyAt, answeredAt };
    });
    await page.waitForTimeout(300);
  });
  return { events, readyMs: times.readyAt, afterReadsMs: times.readyAt - times.answeredAt };
}

type Opening = {
  readyMs: number;
  /** From the last of the two reads answered to the filled form in the page. */
  afterReadsMs: number;
  busyMs: number;
  byKind: Map<string, number>;
  byFunction: Map<string, number>;
};

const fileOf = (url: unknown) => (typeof url === 'string' ? (url.split('/').pop() ?? url) : '');

/** The main thread's work from the navigation to ready, in the renderer that drew the page. */
function openingOf(events: TraceEvent[], readyMs: number): Omit<Opening, 'afterReadsMs'> {
  const ready = events.find((e) => e.name === 'popup-ready');
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && fileOf(e.args?.data?.documentLoaderURL) !== '',
  );
  const thread = ready ?? navigation;
  if (!ready || !thread) throw new Error('The trace has no "popup-ready" mark.');
  const onMain = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
  const readyTs = ready.ts;
  const startTs = readyTs - readyMs * 1000;
  const within = (e: TraceEvent) => e.ts >= startTs && e.ts < readyTs;
  const byKind = new Map<string, number>();
  let busyUs = 0;
  let busyUntil = 0;
  for (const event of onMain.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    if (event.ph !== 'X' || !within(event)) continue;
    const dur = Math.min(event.dur ?? 0, readyTs - event.ts);
    // The thread's own CPU time (tdur), not the wall time: on a loaded machine the thread waits.
    const cpu = Math.min(event.tdur ?? dur, dur);
    // Toplevel tasks nest: the outermost ones count.
    if (event.cat.split(',').includes('toplevel')) {
      if (event.ts >= busyUntil) busyUs += cpu;
      busyUntil = Math.max(busyUntil, event.ts + dur);
    }
    const data = event.args?.data;
    const file = fileOf(data?.url ?? event.args?.beginData?.url ?? data?.fileName);
    const label = [event.name, file].filter(Boolean).join(' ');
    byKind.set(label, (byKind.get(label) ?? 0) + cpu / 1000);
  }
  const byFunction = new Map<string, number>();
  const nodes = new Map<
    number,
    { callFrame: { functionName: string; url: string; lineNumber: number } }
  >();
  let clock = 0;
  for (const event of events) {
    if (event.name === 'Profile' && event.pid === thread.pid) {
      clock = event.args?.data?.startTime ?? event.ts;
    }
    if (event.name !== 'ProfileChunk' || event.pid !== thread.pid) continue;
    const { cpuProfile, timeDeltas = [] } = event.args?.data ?? {};
    for (const node of cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (cpuProfile?.samples ?? []).forEach((id, at) => {
      const delta = timeDeltas[at] ?? 0;
      clock += delta;
      if (clock < startTs || clock >= readyTs) return;
      const frame = nodes.get(id)?.callFrame;
      if (!frame || frame.functionName === '(idle)' || frame.functionName === '(root)') return;
      const label = `${frame.functionName || '(anonymous)'} ${fileOf(frame.url)}:${frame.lineNumber + 1}`;
      byFunction.set(label, (byFunction.get(label) ?? 0) + delta / 1000);
    });
  }
  return { readyMs, busyMs: busyUs / 1000, byKind, byFunction };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function medianMap(maps: Map<string, number>[], count: number): [string, number][] {
  const keys = new Set(maps.flatMap((map) => [...map.keys()]));
  return [...keys]
    .map((key) => [key, median(maps.map((map) => map.get(key) ?? 0))] as [string, number])
    .filter(([, ms]) => ms >= 0.3)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count);
}

const extensions = (values.extension ?? ['.output/chrome-mv3']).map((dir) => path.resolve(dir));
const runs = Number(values.runs);
const service = await startTestService();
const second = await startTestService();
const shortened = await servePage();
const temporary = mkdtempSync(path.join(tmpdir(), 'shortlink-popup-trace-'));
const contexts: BrowserContext[] = [];
try {
  const apiKey = await service.createAccount('trace@example.com');
  const secondKey = await second.createAccount('trace@example.com');
  const work = {
    id: 'first',
    name: 'Work',
    apiBaseUrl: service.baseUrl,
    apiKey,
    defaultDomain: '',
  };
  const personal = {
    id: 'personal',
    name: 'Personal',
    apiBaseUrl: second.baseUrl,
    apiKey: secondKey,
    defaultDomain: '',
  };
  const settingsOf = (accounts: (typeof work)[]) => ({
    ...DEFAULT_PREFERENCES,
    accounts,
    defaultAccountId: 'first',
    autoCopy: false,
  });
  const setups = [];
  for (const [index, built] of extensions.entries()) {
    // Each build with the bench's yardsticks: the floor is traced in each browser, beside its popup.
    const dir = await extensionWithYardsticks(path.join(temporary, String(index)), built);
    const context = await launchWithExtension({ extensionDir: dir });
    contexts.push(context);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await closeInstallTab(context, new URL(worker.url()).host);
    const store = (settings: Record<string, unknown> & { accounts: unknown[] }) =>
      storeSettled(worker, settings);
    const one = settingsOf([work]);
    // Before the page: with no settings the first start opens the options page in a tab of its own.
    await store(one);
    const target = await context.newPage();
    await target.goto(shortened.url);
    const tabId = await worker.evaluate(
      async () => (await chrome.tabs.query({ title: 'Bench page' }))[0]?.id,
    );
    const base = `chrome-extension://${new URL(worker.url()).host}`;
    setups.push({
      name: `floor (React with the two reads) beside ${built}`,
      context,
      store: () => store(one),
      url: `${base}/bench-react-reads/index.html?tab=${tabId}`,
      openings: [] as Opening[],
    });
    const url = `${base}/popup.html?tab=${tabId}`;
    setups.push({
      name: `popup of ${built}`,
      context,
      store: () => store(one),
      url,
      openings: [] as Opening[],
    });
    if (values['two-accounts']) {
      const two = settingsOf([work, personal]);
      setups.push({
        name: `popup with two accounts of ${built}`,
        context,
        store: () => store(two),
        url,
        openings: [] as Opening[],
      });
    }
  }
  for (let run = 0; run < runs + 2; run++) {
    for (const setup of setups) {
      await setup.store();
      const page = await setup.context.newPage();
      await page.addInitScript(markReady);
      const { events, readyMs, afterReadsMs } = await traced(page, setup.url);
      await page.close();
      if (run < 2) continue; // warm-up
      setup.openings.push({ ...openingOf(events, readyMs), afterReadsMs });
      if (values.save) {
        await mkdir(values.save, { recursive: true });
        const name = `${setup.name.replace(/\W+/g, '-')}-${run}.json`;
        await writeFile(path.join(values.save, name), JSON.stringify({ traceEvents: events }));
      }
    }
  }
  for (const { name, openings } of setups) {
    console.log(`\n## ${name}: ${openings.length} openings, medians`);
    console.log(
      `ready ${median(openings.map((o) => o.readyMs)).toFixed(1)} ms (each: ${openings.map((o) => o.readyMs.toFixed(0)).join(', ')}); main thread's CPU time before it ${median(openings.map((o) => o.busyMs)).toFixed(1)} ms`,
    );
    console.log(
      `from the last read answered to ready ${median(openings.map((o) => o.afterReadsMs)).toFixed(1)} ms (each: ${openings.map((o) => o.afterReadsMs.toFixed(1)).join(', ')})`,
    );
    console.log(
      "trace events before ready, the main thread's CPU time (ms, nested ones counted in each):",
    );
    for (const [label, ms] of medianMap(
      openings.map((o) => o.byKind),
      30,
    )) {
      console.log(`  ${label}: ${ms.toFixed(1)}`);
    }
    console.log('functions by self time before ready (ms):');
    for (const [label, ms] of medianMap(
      openings.map((o) => o.byFunction),
      25,
    )) {
      console.log(`  ${label}: ${ms.toFixed(1)}`);
    }
  }
  // The floor and the popups of one build are opened one after the other: their ratio, round by
  // round, is what the bench's "popup / floor" is, with less of the machine's load in it.
  const floors = setups.filter((setup) => setup.name.startsWith('floor'));
  for (const floor of floors) {
    for (const popup of setups.filter(
      (s) => !s.name.startsWith('floor') && s.context === floor.context,
    )) {
      const ratios = popup.openings.map(
        (opening, round) => opening.readyMs / (floor.openings[round]?.readyMs ?? Number.NaN),
      );
      const busy = popup.openings.map(
        (opening, round) => opening.busyMs - (floor.openings[round]?.busyMs ?? Number.NaN),
      );
      console.log(
        `\n${popup.name}: popup / floor, round by round, median ${median(ratios).toFixed(2)} × (each: ${ratios.map((r) => r.toFixed(2)).join(', ')}); main thread's CPU time beyond the floor's, median ${median(busy).toFixed(1)} ms`,
      );
    }
  }
} finally {
  for (const context of contexts) await context.close();
  await Promise.all([service.stop(), second.stop(), shortened.close()]);
  rmSync(temporary, { recursive: true, force: true });
}
