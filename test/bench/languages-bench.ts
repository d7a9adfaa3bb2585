// Search keystrokes at 20,000 links in each of the extension's eight languages (issue 33: "within a
// frame in every language"): the rows' dates, numbers and counts are formatted in the browser's
// language, Arabic's right to left. Chromium is started with --lang once per language (Debian's
// chromium-l10n); the same 20,000 tagged links as the options group, two of its queries typed.
import { launchWithExtension } from '../support/chromium.ts';
import { closeInstallTab } from '../support/install-tab.ts';
import { startTestService } from '../support/test-service.ts';
import {
  configure,
  KEYSTROKE_QUERIES,
  keystrokeTimes,
  median,
  percentile,
  seedLinks,
  tagLinks,
} from './options-bench.ts';

/** The shipped locales (`locales/`), as Chromium's --lang names them. */
export const BENCH_LANGUAGES = ['en-US', 'de', 'fr', 'es', 'pt-BR', 'ja', 'zh-CN', 'ar'];
const LINKS = 20_000;
/** Two of the options group's queries: 16 keys, of which about ten change the list. */
const QUERIES = KEYSTROKE_QUERIES.slice(0, 2);

export type LanguageKeystrokes = { lang: string; medianMs: number; p95Ms: number; samples: number };

export async function benchKeystrokesByLanguage(
  extensionDir?: string,
): Promise<LanguageKeystrokes[]> {
  const service = await startTestService();
  try {
    const apiKey = await service.createAccount('bench-languages@example.com');
    await seedLinks(service, apiKey, LINKS, 'a');
    await tagLinks(service, apiKey, LINKS, 'a');
    const results: LanguageKeystrokes[] = [];
    for (const lang of BENCH_LANGUAGES) {
      const context = await launchWithExtension({ extensionDir, lang });
      try {
        const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
        const url = `chrome-extension://${new URL(worker.url()).host}/options.html`;
        // The options tab opened on install would load the list behind the measure.
        await closeInstallTab(context, new URL(worker.url()).host);
        await configure(worker, [{ baseUrl: service.baseUrl, apiKey }]);
        const page = await context.newPage();
        await page.goto(url);
        // The whole list in: its count names all 20,000 in the page's own digits.
        const all = new Intl.NumberFormat(lang).format(LINKS);
        await page.waitForFunction(
          (count) => document.querySelector('.links-count')?.textContent?.includes(count),
          all,
          { timeout: 60_000 },
        );
        await page.waitForTimeout(1_000);
        // Without the language's pack Chromium falls back to English, which measures nothing new.
        const shown = await page.evaluate(() => document.documentElement.lang);
        if (shown.split('-')[0] !== lang.split('-')[0])
          throw new Error(
            `The options page showed "${shown}", not ${lang}: is chromium-l10n installed?`,
          );
        const unfiltered = (await page.locator('.links-count').textContent()) ?? '';
        const times: number[] = [];
        for (const query of QUERIES)
          times.push(...(await keystrokeTimes(page, query, { keys: 0 }, { unfiltered })));
        results.push({
          lang,
          medianMs: median(times),
          p95Ms: percentile(times, 0.95),
          samples: times.length,
        });
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await service.stop();
  }
}
