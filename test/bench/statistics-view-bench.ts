// `node test/bench/statistics-view-bench.ts` (after `npm run build`): how soon the options page's
// Statistics section draws its first view (chart and lists) for an account of OVERVIEW_LINKS
// clicked links, from navigation start, and how much of that was the service's answer
// (GET /v1/stats, by the page's resource timing): what is left is the extension's own part.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchWithExtension } from '../support/chromium.ts';
import { closeInstallTab } from '../support/install-tab.ts';
import { startTestService } from '../support/test-service.ts';
import { OVERVIEW_LINKS, seedOverview } from './account-stats-bench.ts';
import { configure, median } from './options-bench.ts';

export type StatisticsViewFigures = {
  links: number;
  /** Navigation start to the chart and lists drawn (median). */
  firstViewMs: number;
  /** Of it, navigation start to the service's answer received (median). */
  answerMs: number;
  /** The answer received to the view drawn: the extension's part (median). */
  drawMs: number;
};

export async function benchStatisticsView(rounds = 5): Promise<StatisticsViewFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-statistics-view-'));
  const dbFile = path.join(dir, 'overview.db');
  const { key } = await seedOverview(dbFile);
  const service = await startTestService({ dbFile });
  const context = await launchWithExtension();
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const url = `chrome-extension://${new URL(worker.url()).host}/options.html#statistics`;
    // The options tab opened on install would read the settings and load Links behind the measure.
    await closeInstallTab(context, new URL(worker.url()).host);
    await configure(worker, [{ baseUrl: service.baseUrl, apiKey: key }]);
    const views: number[] = [];
    const answers: number[] = [];
    // The first round reads the service's contract (cached after): not counted. A round whose page
    // missed its observer (now and then the init script of an extension page runs late) is taken
    // again, up to twice the rounds.
    for (let round = 0; views.length < rounds && round <= 2 * rounds; round++) {
      const page = await context.newPage();
      await page.addInitScript(() => {
        new MutationObserver((_records, observer) => {
          if (!document.querySelector('.clicks-chart canvas')) return;
          if (!document.querySelector('.overview-list')) return;
          (window as unknown as { drawnAt: number }).drawnAt = performance.now();
          observer.disconnect();
        }).observe(document, { subtree: true, childList: true });
      });
      await page.goto(url);
      await page
        .waitForFunction(
          () =>
            document.querySelector('.clicks-chart canvas') &&
            document.querySelector('.overview-list'),
          undefined,
          { timeout: 60_000 },
        )
        .catch(async (error: unknown) => {
          const shown = await page.locator('main').innerText();
          throw new Error(`The Statistics section was not drawn; the page shows: ${shown}`, {
            cause: error,
          });
        });
      const { drawnAt, answeredAt } = await page.evaluate(() => {
        const answer = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.includes('/v1/stats?')) as PerformanceResourceTiming;
        return {
          drawnAt: (window as unknown as { drawnAt?: number }).drawnAt,
          answeredAt: answer.responseEnd,
        };
      });
      if (round > 0 && drawnAt !== undefined) {
        views.push(drawnAt);
        answers.push(answeredAt);
      }
      await page.close();
    }
    if (views.length < rounds) throw new Error('The Statistics section was timed too rarely.');
    const firstViewMs = median(views);
    const answerMs = median(answers);
    return {
      links: OVERVIEW_LINKS,
      firstViewMs,
      answerMs,
      drawMs: median(views.map((view, i) => view - (answers[i] ?? 0))),
    };
  } finally {
    await context.close();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(await benchStatisticsView());
