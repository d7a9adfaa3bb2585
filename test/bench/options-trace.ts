// Where the options page's time goes: a Chrome performance trace (the DevTools protocol's Tracing
// domain, with the V8 sampling profiler) of the opening at 20,000 links without a cache and with
// it, the bench's search queries typed, and the scroll of 50,000 links (left out with --no-scroll).
// The 20,000 links carry the bench's tags (issue 36: 50 tags). Prints each long task of the page's
// main thread (over 50 ms, or --over) with what ran in it: the trace events, and the functions the
// CPU samples fell in; for the keystrokes and the scroll, also the sum over all their tasks.
//
//   node test/bench/options-trace.ts [--extension DIR] [--save DIR] [--no-scroll] [--over MS]
//     [--only keys|scroll] (keys: the opening is not traced; scroll: only the scroll)
//
// For function names, trace a build that is not minified: `npx wxt build -c
// test/bench/wxt.unminified.config.ts` writes one to .output/unminified/chrome-mv3.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import { launchWithExtension } from '../support/chromium.ts';
import { closeInstallTab } from '../support/install-tab.ts';
import { startTestService } from '../support/test-service.ts';
import {
  configure,
  KEYSTROKE_QUERIES,
  keystrokeTimes,
  openToFirstRows,
  removeLinksCache,
  scrollFrameTimes,
  seedLinks,
  tagLinks,
  untilLinksCached,
} from './options-bench.ts';
import {
  longTasks,
  mainThreadSummary,
  perKeystroke,
  type TraceEvent,
  taskText,
  tracedWhile,
} from './trace-tasks.ts';

const { values } = parseArgs({
  options: {
    extension: { type: 'string' },
    save: { type: 'string' },
    'no-scroll': { type: 'boolean', default: false },
    over: { type: 'string', default: '50' },
    only: { type: 'string' },
  },
});

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
];

/** Traces what `action` makes the browser do, from a session on `page`. */
const traced = (page: Page, action: () => Promise<void>) => tracedWhile(page, CATEGORIES, action);

async function report(
  name: string,
  events: TraceEvent[],
  pageUrl: string,
  { summary = false } = {},
): Promise<void> {
  if (values.save) {
    await mkdir(values.save, { recursive: true });
    const file = path.join(values.save, `${name.replace(/\W+/g, '-')}.json`);
    await writeFile(file, JSON.stringify({ traceEvents: events, pageUrl }));
    console.log(`(trace: ${file}, opens in DevTools' Performance panel)`);
  }
  const tasks = longTasks(events, pageUrl, { overMs: Number(values.over) });
  const total = tasks.reduce((sum, task) => sum + task.durationMs, 0);
  console.log(
    `\n## ${name}: ${tasks.length} long task${tasks.length === 1 ? '' : 's'}, ${total.toFixed(0)} ms in all`,
  );
  for (const task of tasks) console.log(taskText(task));
  if (summary) console.log(mainThreadSummary(events, pageUrl));
}

/** Installed before the page's scripts: notes when the first link row is in the page. */
function markFirstRows() {
  new MutationObserver((_records, observer) => {
    if (!document.querySelector('.links-list > li')) return;
    (window as unknown as { firstRowsAt: number }).firstRowsAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true });
}

/** When the first rows were in the page, and when the service's list had arrived. */
function openingTimes() {
  return {
    firstRowsMs: (window as unknown as { firstRowsAt: number }).firstRowsAt,
    listArrivedMs: (
      performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.endsWith('/v1/links')) as PerformanceResourceTiming
    ).responseEnd,
  };
}

async function newBlankPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('about:blank');
  return page;
}

/** The bench's queries typed (options-bench.ts), traced; closes the page. */
async function traceKeystrokes(page: Page): Promise<void> {
  // The "Tags" filter lists the tags the loaded links carry: the bench's 50 (issue 36).
  const tagsButton = page.getByRole('button', { name: 'Tags', exact: true });
  await tagsButton.click();
  console.log(`"Tags" filter: ${await page.locator('.tag-filter-choice').count()} tags`);
  await tagsButton.click();
  const skipped = { keys: 0 };
  const keys: number[] = [];
  const keystrokeEvents = await traced(page, async () => {
    for (const query of KEYSTROKE_QUERIES)
      keys.push(...(await keystrokeTimes(page, query, skipped)));
  });
  const sorted = [...keys].sort((a, b) => a - b);
  console.log(
    `\nkeystrokes: ${keys.map((time) => time.toFixed(1)).join(', ')} ms (${skipped.keys} keys changed nothing); median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms`,
  );
  await report('search typed, 20,000 links', keystrokeEvents, optionsUrl, { summary: true });
  console.log(perKeystroke(keystrokeEvents, optionsUrl));
  await page.close();
}

let optionsUrl = '';
const service = await startTestService();
const context = await launchWithExtension({
  extensionDir: values.extension && path.resolve(values.extension),
});
try {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  optionsUrl = `chrome-extension://${new URL(worker.url()).host}/options.html`;
  await closeInstallTab(context, new URL(worker.url()).host);

  const apiKey = await service.createAccount('trace@example.com');
  await seedLinks(service, apiKey, 20_000, 'a');
  await tagLinks(service, apiKey, 20_000, 'a');
  await configure(worker, [{ baseUrl: service.baseUrl, apiKey }]);
  const only = values.only;

  // Twice, so that the second opening is a warm one, as a person's would be.
  for (let round = 0; round < 2; round++) {
    await removeLinksCache(worker, 'first');
    const cold = await openToFirstRows(context, optionsUrl);
    await untilLinksCached(worker, 'first');
    await cold.page.close();
  }
  // The opening without a cache: the list read from the service, drawn, then stored.
  await removeLinksCache(worker, 'first');
  if (only === undefined) {
    const coldPage = await newBlankPage(context);
    let cold: { firstRowsMs: number; listArrivedMs: number } | undefined;
    const coldEvents = await traced(coldPage, async () => {
      await coldPage.addInitScript(markFirstRows);
      await coldPage.goto(optionsUrl);
      await coldPage.waitForFunction(() => 'firstRowsAt' in window, undefined, { timeout: 60_000 });
      await untilLinksCached(worker, 'first');
      await coldPage.waitForTimeout(1_000);
      cold = await coldPage.evaluate(openingTimes);
    });
    await coldPage.close();
    console.log(
      `opening without cache: first rows at ${cold?.firstRowsMs.toFixed(0)} ms, the list arrived at ${cold?.listArrivedMs.toFixed(0)} ms`,
    );
    await report('opening without cache, 20,000 links', coldEvents, optionsUrl);
  }

  const page = await newBlankPage(context);
  if (only === 'scroll') await page.close();
  else if (only === 'keys') {
    const opened = await openToFirstRows(context, optionsUrl);
    await page.close();
    await opened.page.waitForFunction(() => !/Refreshing/.test(document.body.textContent ?? ''));
    // The work put off until after the rows (the cache written, the click record) is done first.
    await opened.page.waitForTimeout(15_000);
    await traceKeystrokes(opened.page);
  } else {
    let opening: { firstRowsMs: number; listArrivedMs: number } | undefined;
    const openingEvents = await traced(page, async () => {
      await page.addInitScript(markFirstRows);
      await page.goto(optionsUrl);
      await page.waitForFunction(() => 'firstRowsAt' in window, undefined, { timeout: 60_000 });
      await page.waitForFunction(() => !/Refreshing/.test(document.body.textContent ?? ''));
      // The work put off until after the rows (the cache written, the click record) is traced too.
      await page.waitForTimeout(3_000);
      opening = await page.evaluate(openingTimes);
    });
    console.log(
      `cached opening: first rows at ${opening?.firstRowsMs.toFixed(0)} ms, the list arrived at ${opening?.listArrivedMs.toFixed(0)} ms`,
    );
    await report('cached opening, 20,000 links', openingEvents, optionsUrl);
    await traceKeystrokes(page);
  }
  if (!values['no-scroll'] && only !== 'keys') {
    const bigKey = await service.createAccount('trace-50k@example.com');
    await seedLinks(service, bigKey, 50_000, 'b');
    await configure(worker, [{ baseUrl: service.baseUrl, apiKey: bigKey }]);
    const big = await openToFirstRows(context, optionsUrl);
    await big.page.waitForFunction(() => !/Refreshing/.test(document.body.textContent ?? ''), {
      timeout: 60_000,
    });
    let frames: number[] = [];
    const scrollEvents = await traced(big.page, async () => {
      frames = await scrollFrameTimes(big.page);
    });
    const sorted = [...frames].sort((a, b) => a - b);
    console.log(
      `\nscroll: ${frames.length} frames, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, longest ${sorted.at(-1)?.toFixed(1)} ms`,
    );
    await report('scroll, 50,000 links', scrollEvents, optionsUrl, { summary: true });
  }
} finally {
  await context.close();
  await service.stop();
}
