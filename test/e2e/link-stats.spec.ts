import { readFileSync } from 'node:fs';
import { api, idOf, rawRequest } from '../support/test-api.ts';
import { startTestService } from '../support/test-service.ts';
import { DESKTOP, GOOGLEBOT, IPHONE } from '../support/visits.ts';
import {
  configure,
  expect,
  openOptions,
  screenshotBothThemes,
  seriousA11yViolations,
} from './fixtures.ts';
import { createLink, row, test } from './links-helpers.ts';

test('the details pane charts the clicks per day from our service, with the table, referrers and devices', async ({
  context,
  extensionId,
  worker,
  service,
  apiKey,
}) => {
  test.setTimeout(90_000);
  const link = await createLink(service, apiKey, {
    destination_url: 'https://docs.example.org/guide',
    title: 'Guide',
  });
  const path = new URL(link.short_url).pathname;
  const visits: Record<string, string>[] = [
    { 'user-agent': IPHONE, referer: 'https://news.example/story' },
    { 'user-agent': IPHONE, referer: 'https://news.example/other' },
    { 'user-agent': DESKTOP, referer: 'https://mail.example/' },
    { 'user-agent': DESKTOP },
    { 'user-agent': GOOGLEBOT },
  ];
  for (const headers of visits) {
    expect((await rawRequest(service.baseUrl, path, { headers })).status).toBe(302);
  }
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const page = await openOptions(context, extensionId, 'links');
  await row(page, link.short_url).getByRole('button', { name: 'Guide' }).click();
  const pane = page.getByRole('dialog', { name: 'Guide' });

  await expect(pane.getByRole('heading', { name: 'Clicks' })).toBeVisible();
  const chart = pane.getByRole('img', { name: 'Clicks per day, last 30 days' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas')).toHaveCount(1);
  // Our service counts QR scans (none here) and people: the two iPhone clicks are one visitor, as
  // are the two desktop ones.
  await expect(pane.locator('.stats-figures > div')).toHaveText([
    'Clicks5',
    'People2',
    'QR scans0',
    'Bots1',
  ]);

  const referrers = pane.getByRole('region', { name: 'Referrers' });
  await expect(referrers.getByRole('row')).toHaveText([
    'news.example2',
    'Direct1',
    'mail.example1',
  ]);
  const devices = pane.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('row')).toHaveText(['Desktop2', 'Mobile2']);
  // Browsers and systems as bars with their numbers (ties in either order).
  for (const [heading, names] of [
    ['Browsers', ['Chrome2', 'Mobile Safari2']],
    ['Operating systems', ['Windows2', 'iOS2']],
  ] as const) {
    const rows = pane.getByRole('region', { name: heading }).getByRole('row');
    await expect(rows).toHaveCount(2);
    expect((await rows.allTextContents()).sort()).toEqual([...names].sort());
  }
  await expect(pane.getByRole('heading', { name: 'Countries' })).toHaveCount(0);

  await pane.getByRole('button', { name: 'Show as table' }).click();
  const table = pane.getByRole('table', { name: 'Clicks per day, last 30 days' });
  await expect(table.getByRole('row')).toHaveCount(31);
  await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(['5', '2', '0', '1']);

  // However many sites send people, the pane names the ten most clicked and adds up the others.
  for (let i = 0; i < 10; i++) {
    const headers = { 'user-agent': DESKTOP, referer: `https://r${i}.example/` };
    expect((await rawRequest(service.baseUrl, path, { headers })).status).toBe(302);
  }
  await pane.getByRole('combobox', { name: 'Range' }).selectOption({ label: '7 days' });
  await expect(pane.getByRole('img', { name: 'Clicks per day, last 7 days' })).toBeVisible();
  await expect(
    pane.getByRole('table', { name: 'Clicks per day, last 7 days' }).getByRole('row'),
  ).toHaveCount(8);
  await expect(referrers.getByRole('row')).toHaveCount(10 + 1);
  await expect(referrers.getByRole('row').last()).toHaveText('Other sites3');
  await pane.getByRole('button', { name: 'Show as table' }).click();
  await screenshotBothThemes(page, 'options-links-details-stats');
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the details pane shows the last 24 hours by the hour, refuses a bad custom range, excludes bots and downloads what it shows', async ({
  context,
  extensionId,
  worker,
  service,
  apiKey,
}) => {
  test.setTimeout(90_000);
  const link = await createLink(service, apiKey, {
    destination_url: 'https://docs.example.org/hours',
    title: 'Hours',
  });
  const path = new URL(link.short_url).pathname;
  for (const agent of [IPHONE, DESKTOP, GOOGLEBOT]) {
    const headers = { 'user-agent': agent };
    expect((await rawRequest(service.baseUrl, path, { headers })).status).toBe(302);
  }
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const page = await openOptions(context, extensionId, 'links');
  await row(page, link.short_url).getByRole('button', { name: 'Hours' }).click();
  const pane = page.getByRole('dialog', { name: 'Hours' });
  await expect(pane.getByRole('img', { name: 'Clicks per day, last 30 days' })).toBeVisible();

  await pane.getByRole('combobox', { name: 'Range' }).selectOption({ label: '24 hours' });
  await expect(pane.getByRole('img', { name: 'Clicks per hour, last 24 hours' })).toBeVisible();
  await pane.getByRole('button', { name: 'Show as table' }).click();
  const hours = pane.getByRole('table', { name: 'Clicks per hour, last 24 hours' });
  await expect(hours.getByRole('row')).toHaveCount(25);
  await expect(hours.getByRole('columnheader')).toHaveText([
    'Hour',
    'Clicks',
    'People',
    'QR scans',
    'Bots',
  ]);
  // The clicks are in this hour, the last row, named as the browser's clock names it.
  const thisHour = await page.evaluate(() => {
    const now = new Date();
    const two = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}T${two(now.getHours())}:00`;
  });
  const last = hours.getByRole('row').last();
  await expect(last.locator('time')).toHaveAttribute('datetime', thisHour);
  await expect(last.getByRole('cell')).toHaveText(['3', '2', '0', '1']);

  await pane.getByRole('checkbox', { name: 'Exclude bots' }).check();
  await expect(pane.locator('.stats-figures > div')).toHaveText([
    'Clicks2',
    'People2',
    'QR scans0',
  ]);
  await expect(hours.getByRole('columnheader')).toHaveText([
    'Hour',
    'Clicks',
    'People',
    'QR scans',
  ]);
  await expect(last.getByRole('cell')).toHaveText(['2', '2', '0']);

  const download = page.waitForEvent('download');
  await pane.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe('\uFEFFperiod,start_utc,clicks,visitors,qr_scans');
  expect(lines).toHaveLength(1 + 24 + 1);
  expect(lines[24]).toMatch(new RegExp(`^"${thisHour}","\\d{4}-[^"]+Z","2","2","0"$`));
  expect(lines.slice(1, 24).every((line) => line.endsWith('"0","0"'))).toBe(true);

  // Twelve months by the month, this one last.
  await pane.getByRole('combobox', { name: 'Range' }).selectOption({ label: '12 months' });
  const months = pane.getByRole('table', { name: 'Clicks per month, last 12 months' });
  await expect(months.getByRole('row')).toHaveCount(13);
  await expect(months.getByRole('columnheader').first()).toHaveText('Month');
  await expect(months.getByRole('row').last().getByRole('cell')).toHaveText(['2', '2', '0']);

  // A custom range: wrong dates say what is wrong, in one sentence, and keep what is shown.
  await pane.getByRole('combobox', { name: 'Range' }).selectOption({ label: 'Custom range' });
  const from = pane.getByLabel('From');
  const to = pane.getByLabel('To', { exact: true });
  await from.fill('2026-11-10');
  await to.fill('2026-11-01');
  await expect(pane.getByRole('alert')).toHaveText(
    'The end date comes before the start date: choose an end on or after the start.',
  );
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await from.fill('2025-01-01');
  await to.fill('2026-11-01');
  await expect(pane.getByRole('alert')).toHaveText(
    'A range can be at most 365 days: choose a later start or an earlier end.',
  );
  await expect(pane.getByRole('img', { name: /^Clicks per/ })).toBeVisible();
  await screenshotBothThemes(page, 'options-links-details-stats-custom-problem');
  const today = thisHour.slice(0, 10);
  await from.fill(today);
  await to.fill(today);
  await expect(pane.getByRole('alert')).toHaveCount(0);
  const oneDay = pane.getByRole('table', { name: /^Clicks per day, .+ to .+$/ });
  await expect(oneDay.getByRole('row')).toHaveCount(2);
  await expect(oneDay.getByRole('row').last().getByRole('cell')).toHaveText(['2', '2', '0']);
  await screenshotBothThemes(page, 'options-links-details-stats-hours');
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the details pane compares the range with the one before, bots excluded or not', async ({
  context,
  extensionId,
  worker,
}) => {
  test.setTimeout(90_000);
  // A service of this test's own, whose clock it sets back to click in the previous period.
  let shiftMs = -8 * 86_400_000;
  const own = await startTestService({ clock: { now: () => Date.now() + shiftMs } });
  try {
    const apiKey = await own.createAccount('compare@example.com');
    const link = await createLink(own, apiKey, {
      destination_url: 'https://docs.example.org/compare',
      title: 'Compare',
    });
    const path = new URL(link.short_url).pathname;
    const visit = async (agent: string) => {
      const headers = { 'user-agent': agent };
      expect((await rawRequest(own.baseUrl, path, { headers })).status).toBe(302);
    };
    // Eight days ago: two people; today: three clicks of two people, and a bot.
    await visit(IPHONE);
    await visit(DESKTOP);
    shiftMs = 0;
    for (const agent of [IPHONE, DESKTOP, DESKTOP, GOOGLEBOT]) await visit(agent);

    await configure(worker, { apiBaseUrl: own.baseUrl, apiKey });
    const page = await openOptions(context, extensionId, 'links');
    await row(page, link.short_url).getByRole('button', { name: 'Compare' }).click();
    const pane = page.getByRole('dialog', { name: 'Compare' });
    // "People" beside "Clicks", as the service counts them: distinct visitors a day (one address,
    // so one a User-Agent), added over the days. Eight days ago the iPhone and the desktop, 2;
    // today the iPhone and the desktop again (its second click the same person), 2; the bot is
    // no person: 4. The 30 days before hold no click: no comparison.
    await expect(pane.locator('.stats-figures > div')).toHaveText([
      'Clicks6',
      'People4',
      'QR scans0',
      'Bots1',
    ]);
    await expect(pane.locator('.stats-change')).toHaveCount(0);
    await pane.getByRole('button', { name: 'Show as table' }).click();
    const table = pane.getByRole('table', { name: 'Clicks per day, last 30 days' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Day',
      'Clicks',
      'People',
      'QR scans',
      'Bots',
    ]);
    await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(['4', '2', '0', '1']);

    await pane.getByRole('combobox', { name: 'Range' }).selectOption({ label: '7 days' });
    await expect(pane.locator('.stats-change')).toHaveText('+100% on the previous 7 days');
    await expect(pane.locator('.stats-figures > div').first()).toHaveText('Clicks4');
    await pane.getByRole('checkbox', { name: 'Exclude bots' }).check();
    await expect(pane.locator('.stats-change')).toHaveText('+50% on the previous 7 days');
    await expect(pane.locator('.stats-figures > div').first()).toHaveText('Clicks3');
    await screenshotBothThemes(page, 'options-links-details-stats-compare');
    expect(await seriousA11yViolations(page)).toEqual([]);
  } finally {
    await own.stop();
  }
});

test("a protected link's page asks for the password, says a wrong one, and the right one leads on, counted", async ({
  context,
  service,
  apiKey,
}) => {
  const destination = `${service.pageOrigin}/`;
  const link = await createLink(service, apiKey, {
    destination_url: destination,
    password: 'open sesame',
  });
  const page = await context.newPage();
  await page.goto(link.short_url);
  await expect(page.getByRole('heading', { name: 'This link is protected' })).toBeVisible();
  await screenshotBothThemes(page, 'password-form');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByLabel('Password').fill('open sesamE');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong password');
  await screenshotBothThemes(page, 'password-form-wrong');

  // The answer to the form leads to another origin: the page's form-action must let it.
  await page.getByLabel('Password').fill('open sesame');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(destination);
  const answer = await api(service.baseUrl, apiKey).retrieve(idOf(link.short_url));
  expect(answer.body.clicks).toBe(1);
  await page.close();
});
