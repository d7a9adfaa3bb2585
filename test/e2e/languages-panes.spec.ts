// A link's statistics pane and the import dialog in the browser's language: German, and Arabic
// right to left, at 420 px. The clicks are real redirects counted by the test service; the import
// checks a small CSV file (a collision, bad rows) and imports it to the end.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { readMessages } from '../support/messages-in-node.ts';
import { rawRequest } from '../support/test-api.ts';
import { DESKTOP, GOOGLEBOT, IPHONE } from '../support/visits.ts';
import {
  configure,
  expect,
  extensionWorker,
  screenshotBothThemes,
  seriousA11yViolations,
  test,
} from './fixtures.ts';
import { launchIn, overflowing } from './language-helpers.ts';
import { createLink, row } from './links-helpers.ts';

const WIDTH = 420;

/** What each language shows; a value in a sentence of a right-to-left language is isolated. */
type Expected = {
  lang: 'de' | 'ar';
  rtl: boolean;
  clicks: string;
  chart: (n: (count: number) => string) => string;
  chartWeek: (n: (count: number) => string) => string;
  /** The range's figures, each its term and its number. */
  figures: (num: (count: number) => string) => string[];
  week: string;
  excludeBots: string;
  hoursChart: string;
  hourColumn: string;
  referrers: string;
  direct: string;
  devices: string;
  desktop: string;
  mobile: string;
  showAsTable: string;
  range: string;
  columns: string[];
  /** The toolbar's button, which the Links section words: English until it is translated. */
  openImport: RegExp;
  importTitle: string;
  csvFile: string;
  check: string;
  checked: (n: (count: number) => string) => string[];
  whyInvalid: string;
  invalidRows: (n: (count: number) => string) => string[];
  /** The first invalid row's reason, as the report writes it. */
  emptyReason: string;
  importOne: string;
  done: (n: (count: number) => string) => string;
  downloadReport: string;
  close: string;
};

const GERMAN: Expected = {
  lang: 'de',
  rtl: false,
  clicks: 'Klicks',
  chart: (n) => `Klicks pro Tag, letzte ${n(30)} Tage`,
  chartWeek: (n) => `Klicks pro Tag, letzte ${n(7)} Tage`,
  figures: (num) => [`Klicks${num(5)}`, `Menschen${num(2)}`, `QR-Scans${num(0)}`, `Bots${num(1)}`],
  week: '7 Tage',
  excludeBots: 'Bots ausschließen',
  hoursChart: 'Klicks pro Stunde, letzte 24 Stunden',
  hourColumn: 'Stunde',
  referrers: 'Verweise',
  direct: 'Direkt',
  devices: 'Geräte',
  desktop: 'Desktop',
  mobile: 'Mobil',
  showAsTable: 'Als Tabelle zeigen',
  range: 'Zeitraum',
  columns: ['Tag', 'Klicks', 'Menschen', 'QR-Scans', 'Bots'],
  openImport: /^(Import links|Links importieren)$/,
  importTitle: 'Links importieren',
  csvFile: 'CSV-Datei',
  check: 'Prüfen',
  checked: (n) => [
    `Zu erstellen: ${n(1)}`,
    `Bereits vorhanden: ${n(0)}`,
    `Back-Half durch einen anderen Ihrer Links belegt: ${n(1)}`,
    `Ungültig: ${n(2)}`,
    'Domain, die das Konto nicht hinzugefügt hat: \u2066not-added.example\u2069',
  ],
  whyInvalid: 'Warum Zeilen ungültig sind',
  invalidRows: (n) => [
    `Zeile ${n(4)}: Die Ziel-URL ist leer.`,
    `Zeile ${n(5)}: Das Konto hat die Domain \u2066not-added.example\u2069 nicht hinzugefügt.`,
  ],
  emptyReason: 'Die Ziel-URL ist leer.',
  importOne: '1 Link importieren',
  done: (n) =>
    `Fertig: ${n(1)} Link erstellt; bereits vorhanden: ${n(0)}, Back-Half belegt: ${n(1)}, ungültig: ${n(2)}, fehlgeschlagen: ${n(0)}.`,
  downloadReport: 'Bericht herunterladen',
  close: 'Schließen',
};

const ARABIC: Expected = {
  lang: 'ar',
  rtl: true,
  clicks: 'النقرات',
  chart: (n) => `النقرات اليومية، آخر ${n(30)} يومًا`,
  chartWeek: (n) => `النقرات اليومية، آخر ${n(7)} أيام`,
  figures: (num) => [
    `النقرات${num(5)}`,
    `الأشخاص${num(2)}`,
    `مسح رمز QR${num(0)}`,
    `برامج الروبوت${num(1)}`,
  ],
  week: '7 أيام',
  excludeBots: 'استبعاد برامج الروبوت',
  hoursChart: 'النقرات في كل ساعة، آخر 24 ساعة',
  hourColumn: 'الساعة',
  referrers: 'المُحيلون',
  direct: 'مباشر',
  devices: 'الأجهزة',
  desktop: 'كمبيوتر مكتبي',
  mobile: 'جوّال',
  showAsTable: 'عرض كجدول',
  range: 'المدة',
  columns: ['اليوم', 'النقرات', 'الأشخاص', 'مسح رمز QR', 'برامج الروبوت'],
  openImport: /^(Import links|استيراد الروابط)$/,
  importTitle: 'استيراد الروابط',
  csvFile: 'ملف CSV',
  check: 'فحص',
  checked: (n) => [
    `للإنشاء: ${n(1)}`,
    `موجودة مسبقًا: ${n(0)}`,
    `لاحقة الرابط مستخدمة في رابط آخر من روابطك: ${n(1)}`,
    `غير صالحة: ${n(2)}`,
    'نطاق لم يُضفه الحساب: \u2068\u2066not-added.example\u2069\u2069',
  ],
  whyInvalid: 'أسباب عدم صلاحية الصفوف',
  invalidRows: (n) => [
    `الصف ${n(4)}: \u2068عنوان URL الوجهة فارغ.\u2069`,
    `الصف ${n(5)}: \u2068لم يُضف الحساب النطاق \u2066not-added.example\u2069.\u2069`,
  ],
  emptyReason: 'عنوان URL الوجهة فارغ.',
  importOne: 'استيراد رابط واحد',
  done: (n) =>
    `اكتمل: أُنشئ رابط واحد؛ موجودة مسبقًا: ${n(0)}، لاحقتها مستخدمة: ${n(1)}، غير صالحة: ${n(2)}، فشلت: ${n(0)}.`,
  downloadReport: 'تنزيل التقرير',
  close: 'إغلاق',
};

const english = readMessages('en');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * English words of this part's messages left in `part`'s text: each message's longest run of
 * words without a placeholder, where the language's own message differs.
 */
async function englishLeft(part: Locator, lang: string): Promise<string[]> {
  const own = readMessages(lang);
  // Names no language translates (a browser's, "Mobile Safari") are not English words left.
  let text = (await part.innerText()).replace(/[\u2068\u2069]/g, '');
  for (const name of await part.locator('[translate="no"]').allInnerTexts()) {
    text = text.replaceAll(name, '');
  }
  return Object.entries(english)
    .filter(([key]) => /^(stats|import)[A-Z]/.test(key))
    .filter(([key, { message }]) => own[key]?.message !== message)
    .map(
      ([, { message }]) =>
        message
          .split(/\$\d/)
          .map((piece) => piece.trim())
          .sort((a, b) => b.length - a.length)[0],
    )
    .filter((words): words is string => words !== undefined && words.length >= 4)
    .filter((words) => new RegExp(`(^|\\W)${escaped(words)}(\\W|$)`).test(text));
}

async function clicksByRedirects(baseUrl: string, shortUrl: string) {
  const linkPath = new URL(shortUrl).pathname;
  const visits: Record<string, string>[] = [
    { 'user-agent': IPHONE, referer: 'https://news.example/story' },
    { 'user-agent': IPHONE, referer: 'https://news.example/other' },
    { 'user-agent': DESKTOP, referer: 'https://mail.example/' },
    { 'user-agent': DESKTOP },
    { 'user-agent': GOOGLEBOT },
  ];
  for (const headers of visits) {
    expect((await rawRequest(baseUrl, linkPath, { headers })).status).toBe(302);
  }
}

async function expectDirection(page: Page, expected: Expected) {
  await expect(page.locator('html')).toHaveAttribute('lang', expected.lang);
  await expect(page.locator('html')).toHaveAttribute('dir', expected.rtl ? 'rtl' : 'ltr');
}

/** Nothing leaves the page and no text is cut, the panes' tables and lists included. */
const expectNothingOverflowing = async (page: Page) =>
  expect(await overflowing(page, 'dialog, h4, li, summary, th, td, caption')).toEqual([]);

for (const expected of [GERMAN, ARABIC]) {
  test(`in ${expected.lang === 'de' ? 'German' : 'Arabic'} a link's statistics and the import dialog speak the language at ${WIDTH} px`, async ({
    service,
    apiKey,
  }) => {
    test.setTimeout(120_000);
    const { lang } = expected;
    const backHalf = `pane-${lang}`;
    const link = await createLink(service, apiKey, {
      destination_url: 'https://docs.example.org/guide',
      title: 'Guide',
      back_half: backHalf,
    });
    await clicksByRedirects(service.baseUrl, link.short_url);

    const browser = await launchIn(lang);
    try {
      const worker = await extensionWorker(browser.context);
      await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: WIDTH, height: 900 });
      await page.goto(`chrome-extension://${browser.extensionId}/options.html#links`);
      await expectDirection(page, expected);
      // Numbers and today's date as the browser writes them in its language (Chromium's 'ar'
      // writes Latin digits, Node's Arabic digits); `n` as a message's value, isolated right to left.
      const { numbers, today } = await page.evaluate(() => {
        const language = chrome.i18n.getUILanguage();
        return {
          numbers: Array.from({ length: 31 }, (_, count) =>
            new Intl.NumberFormat(language).format(count),
          ),
          today: new Intl.DateTimeFormat(language, {
            day: 'numeric',
            month: 'short',
            timeZone: 'UTC',
          }).format(new Date()),
        };
      });
      const num = (count: number) => numbers[count] ?? String(count);
      const n = (count: number) => (expected.rtl ? `\u2068${num(count)}\u2069` : num(count));

      // The statistics pane: chart, totals, where the clicks came from, then the table.
      await row(page, link.short_url).getByRole('button', { name: 'Guide' }).click();
      const pane = page.getByRole('dialog', { name: 'Guide' });
      const stats = pane.locator('.link-stats');
      await expect(pane.getByRole('heading', { name: expected.clicks, exact: true })).toBeVisible();
      await expect(pane.getByRole('img', { name: expected.chart(n) })).toBeVisible();
      await expect(pane.locator('.stats-figures > div')).toHaveText(expected.figures(num));
      await expect(pane.getByRole('checkbox', { name: expected.excludeBots })).not.toBeChecked();
      await expect(
        pane.getByRole('region', { name: expected.referrers }).getByRole('row'),
      ).toHaveText([
        `news.example${num(2)}`,
        `${expected.direct}${num(1)}`,
        `mail.example${num(1)}`,
      ]);
      // A host reads left to right inside right-to-left text.
      await expect(
        pane.getByRole('region', { name: expected.referrers }).locator('bdi').first(),
      ).toHaveAttribute('dir', 'ltr');
      await expect(
        pane.getByRole('region', { name: expected.devices }).getByRole('row'),
      ).toHaveText([`${expected.desktop}${num(2)}`, `${expected.mobile}${num(2)}`]);
      await pane
        .getByRole('combobox', { name: expected.range })
        .selectOption({ label: expected.week });
      await expect(pane.getByRole('img', { name: expected.chartWeek(n) })).toBeVisible();
      await pane.getByRole('button', { name: expected.showAsTable }).click();
      const table = pane.getByRole('table', { name: expected.chartWeek(n) });
      await expect(table.getByRole('columnheader')).toHaveText(expected.columns);
      await expect(table.getByRole('row').last().getByRole('rowheader')).toHaveText(today);
      await expect(table.getByRole('row').last().getByRole('cell')).toHaveText([
        num(5),
        num(2),
        num(0),
        num(1),
      ]);
      expect(await englishLeft(stats, lang)).toEqual([]);
      await page.mouse.move(0, 0);
      await screenshotBothThemes(page, `options-link-stats-${WIDTH}-${lang}`, pane);
      await expectNothingOverflowing(page);
      // The last 24 hours by the hour, this hour's clicks last.
      await pane.getByRole('combobox', { name: expected.range }).selectOption('24h');
      const hours = pane.getByRole('table', { name: expected.hoursChart });
      await expect(hours.getByRole('columnheader').first()).toHaveText(expected.hourColumn);
      await expect(hours.getByRole('row').last().getByRole('cell')).toHaveText([
        num(5),
        num(2),
        num(0),
        num(1),
      ]);
      expect(await englishLeft(stats, lang)).toEqual([]);
      await expectNothingOverflowing(page);
      if (expected.rtl) expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(pane).toBeHidden();

      // The import dialog: a file with one new link, a taken back-half and two bad rows.
      await page.getByRole('button', { name: expected.openImport }).click();
      const dialog = page.getByRole('dialog', { name: expected.importTitle });
      // The file field in the language's words, not the browser's "Choose File".
      const words = readMessages(lang);
      const picker = dialog.locator('.file-picker');
      await expect(picker.locator('label')).toHaveText(words.fileChoose?.message ?? '');
      await expect(picker.locator('.file-picker-name')).toHaveText(
        words.fileNoneChosen?.message ?? '',
      );
      await dialog.getByLabel(expected.csvFile).setInputFiles({
        name: 'links.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          [
            'url,slug,domain',
            `https://example.com/new-${lang},new-${lang},`,
            `https://example.com/elsewhere,${backHalf},`,
            `,empty-${lang},`,
            `https://example.com/x,x-${lang},not-added.example`,
          ].join('\n'),
        ),
      });
      await expect(picker.locator('.file-picker-name')).toHaveText('links.csv');
      await dialog.getByRole('button', { name: expected.check, exact: true }).click();
      await expect(dialog.locator('.import-check > ul > li')).toHaveText(expected.checked(n));
      await dialog.getByText(expected.whyInvalid).click();
      await expect(dialog.locator('.import-check details li')).toHaveText(expected.invalidRows(n));
      expect(await englishLeft(dialog, lang)).toEqual([]);
      await screenshotBothThemes(page, `options-import-checked-${WIDTH}-${lang}`, dialog);
      await expectNothingOverflowing(page);
      if (expected.rtl) expect(await seriousA11yViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: expected.importOne }).click();
      await expect(dialog.getByRole('status')).toHaveText(expected.done(n));
      await expect(dialog.getByRole('button', { name: expected.downloadReport })).toBeVisible();
      await expect(dialog.getByRole('button', { name: expected.close })).toBeVisible();
      expect(await englishLeft(dialog, lang)).toEqual([]);
      await screenshotBothThemes(page, `options-import-done-${WIDTH}-${lang}`, dialog);
      await expectNothingOverflowing(page);
      if (expected.rtl) expect(await seriousA11yViolations(page)).toEqual([]);

      // The report's columns are a file format; its reasons are the sentences the dialog showed.
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: expected.downloadReport }).click();
      const report = readFileSync((await (await download).path()) as string, 'utf8');
      expect(report).toContain('row,outcome,short_url,destination_url,back_half,reason');
      expect(report).toContain(expected.emptyReason);
    } finally {
      await browser.done();
    }
  });
}
