import { api, idOf, rawRequest } from '../support/test-api.ts';
import {
  configure,
  expect,
  openOptions,
  screenshotBothThemes,
  seriousA11yViolations,
} from './fixtures.ts';
import { createLink, row, test } from './links-helpers.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

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
  await expect(pane.getByText('4 by people, 1 by bots')).toBeVisible();

  const referrers = pane.getByRole('region', { name: 'Referrers' });
  await expect(referrers.getByRole('row')).toHaveText([
    'news.example2',
    'Direct1',
    'mail.example1',
  ]);
  const devices = pane.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('row')).toHaveText(['Desktop2', 'Mobile2']);
  await expect(pane.getByRole('heading', { name: 'Countries' })).toHaveCount(0);

  await pane.getByRole('button', { name: 'Show as table' }).click();
  const table = pane.getByRole('table', { name: 'Clicks per day, last 30 days' });
  await expect(table.getByRole('row')).toHaveCount(31);
  await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(['4', '1']);

  // However many sites send people, the pane names the ten most clicked and adds up the others.
  for (let i = 0; i < 10; i++) {
    const headers = { 'user-agent': DESKTOP, referer: `https://r${i}.example/` };
    expect((await rawRequest(service.baseUrl, path, { headers })).status).toBe(302);
  }
  await pane.getByRole('combobox', { name: 'Range' }).selectOption('7');
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
