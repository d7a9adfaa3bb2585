// Tags on the Links page (issue 36): the rows' chips, the "Tags" filter, the bulk edits of the
// selection. Shares the Links tests' fixtures (links-helpers.ts).
import type { Page } from '@playwright/test';
import { api, type LinkJson } from '../support/test-api.ts';
import {
  configure,
  expect,
  expectSectionLooksRight,
  openOptions,
  screenshotBothThemes,
} from './fixtures.ts';
import { count, createLink, linksOf, row, rows, seed, test } from './links-helpers.ts';

type Tagged = LinkJson & { tags?: { name: string; color: string }[] };

async function makeTag(baseUrl: string, apiKey: string, name: string, color: string) {
  const answer = await api(baseUrl, apiKey).send('POST', '/v1/tags', { name, color });
  expect(answer.status).toBe(200);
}

async function tagged(
  baseUrl: string,
  apiKey: string,
  body: Record<string, unknown>,
): Promise<Tagged> {
  const answer = await api(baseUrl, apiKey).create(body);
  expect(answer.status).toBe(200);
  return answer.body as Tagged;
}

const chips = (page: Page, shortUrl: string) => row(page, shortUrl).locator('.tag-chip');
const tagsButton = (page: Page) => page.getByRole('button', { name: 'Tags', exact: true });

test.describe('options page, Links, tags', () => {
  test('rows show their tags as named chips, and "Tags" narrows the list with the search', async ({
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    const { baseUrl } = service;
    await makeTag(baseUrl, apiKey, 'Client Acme', 'blue');
    await makeTag(baseUrl, apiKey, 'Spring', 'green');
    await makeTag(baseUrl, apiKey, 'Urgent', 'red');
    const both = await tagged(baseUrl, apiKey, {
      destination_url: 'https://acme.example.com/spring',
      title: 'Acme spring sale',
      tags: ['Client Acme', 'Spring'],
    });
    const acme = await tagged(baseUrl, apiKey, {
      destination_url: 'https://acme.example.com/about',
      title: 'Acme about',
      tags: ['client acme', 'Urgent'],
    });
    const spring = await tagged(baseUrl, apiKey, {
      destination_url: 'https://other.example.com/spring',
      title: 'Other spring',
      tags: ['Spring'],
    });
    const { page, link: plain } = await linkOnOptionsPage({
      destination_url: 'https://plain.example.com/',
      title: 'Plain',
    });

    await expect(count(page)).toHaveText('4 links');
    await expect(chips(page, both.short_url)).toHaveText(['Client Acme', 'Spring']);
    await expect(chips(page, acme.short_url)).toHaveText(['Client Acme', 'Urgent']);
    await expect(chips(page, acme.short_url).last()).toHaveAttribute('data-tag-color', 'red');
    await expect(chips(page, plain.short_url)).toHaveCount(0);

    await tagsButton(page).click();
    const list = page.getByRole('group', { name: 'Tags' });
    // The loaded links' tags, most used first, with their counts.
    await expect(list.locator('label')).toHaveText(['Client Acme2', 'Spring2', 'Urgent1']);
    await list.getByRole('checkbox', { name: /^Spring/ }).check();
    await expect(count(page)).toHaveText('2 of 4 links');
    await expect(rows(page).getByRole('link')).toHaveText([spring.short_url, both.short_url]);
    // All the ticked tags must be on the link.
    await list.getByRole('checkbox', { name: /^Client Acme/ }).check();
    await expect(rows(page).getByRole('link')).toHaveText([both.short_url]);
    await list.getByRole('checkbox', { name: /^Spring/ }).uncheck();
    await expect(rows(page).getByRole('link')).toHaveText([acme.short_url, both.short_url]);
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
    // With the search: both narrow.
    await page.getByRole('searchbox', { name: 'Search links' }).fill('spring');
    await expect(count(page)).toHaveText('1 of 4 links');
    await expect(rows(page).getByRole('link')).toHaveText([both.short_url]);
    await page.getByRole('searchbox', { name: 'Search links' }).fill('');
    await tagsButton(page).click();
    await page.getByRole('button', { name: 'Clear tags' }).click();
    await expect(count(page)).toHaveText('4 links');
    await page.keyboard.press('Escape');

    await screenshotBothThemes(page, 'options-links-tags', page.locator('.links-section'));
    await tagsButton(page).click();
    await list.getByRole('checkbox', { name: /^Urgent/ }).check();
    await expectSectionLooksRight(page, 'options-links-tags-filter', {
      part: page.locator('.links-section'),
    });
  });

  test('a service whose contract does not name tags shows no chips and no "Tags" filter', async ({
    linkOnOptionsPage,
    context,
    service,
    apiKey,
  }) => {
    // Its answers carry tags all the same: only the contract says what they mean.
    await context.route(`${service.baseUrl}/v1/openapi.json`, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }),
    );
    await makeTag(service.baseUrl, apiKey, 'Hidden', 'purple');
    const link = await tagged(service.baseUrl, apiKey, {
      destination_url: 'https://hidden.example.com/',
      tags: ['Hidden'],
    });
    const { page } = await linkOnOptionsPage({ destination_url: 'https://other.example.com/' });
    await expect(count(page)).toHaveText('2 links');
    await expect(row(page, link.short_url)).toBeVisible();
    // The offer is read after the list: by the time "Show" could be, it is known.
    await page.waitForTimeout(500);
    await expect(row(page, link.short_url)).not.toContainText('Hidden');
    await expect(page.locator('.tag-chip')).toHaveCount(0);
    await expect(tagsButton(page)).toHaveCount(0);
    // Nor the bulk edits, which its contract does not name either.
    await row(page, link.short_url).getByRole('checkbox').check();
    await expect(page.getByRole('button', { name: /^Delete selected/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add tag…' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Set expiry…' })).toHaveCount(0);
    await page.keyboard.press('t');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('options page, Links, bulk edits', () => {
  test('"Add tag…" tags 500 selected links in one edit, and "Undo" takes the tag off again', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    // 500 links, two edits of them and two reads of the list, on a machine shared by several.
    test.setTimeout(120_000);
    await seed(service, apiKey, 500, 'bulk');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);
    await expect(count(page)).toHaveText('500 links');
    const edits: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') edits.push(request.url());
    });

    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await expect(page.getByRole('button', { name: 'Add tag…' })).toBeVisible();
    // `t` opens "Add tag…" for the selection.
    await page.keyboard.press('t');
    const dialog = page.getByRole('dialog', { name: 'Add a tag to 500 links' });
    await dialog.getByRole('combobox', { name: 'Tag name' }).fill('Bad, name');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Tag name' })).toHaveAccessibleDescription(
      /at most|1 to 40 characters/,
    );
    await dialog.getByRole('combobox', { name: 'Tag name' }).fill('Launch');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Tag “Launch” added to 500 links.' }),
    ).toBeVisible();
    expect(edits).toHaveLength(1);
    const tagged = (await linksOf(service, apiKey)) as (LinkJson & { tags: { name: string }[] })[];
    expect(tagged.filter((link) => link.tags.some((tag) => tag.name === 'Launch'))).toHaveLength(
      500,
    );
    await expect(rows(page).first().locator('.tag-chip')).toHaveText(['Launch']);

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Undone' })).toBeVisible();
    const untagged = (await linksOf(service, apiKey)) as (LinkJson & { tags: unknown[] })[];
    expect(untagged.every((link) => link.tags.length === 0)).toBe(true);
    await expect(rows(page).first().locator('.tag-chip')).toHaveCount(0);
  });

  test('"Set expiry…" sets when two selected links end, and a time past is said on its field', async ({
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    const first = await createLink(service, apiKey, {
      destination_url: 'https://one.example.com/',
    });
    const { page, link: second } = await linkOnOptionsPage({
      destination_url: 'https://two.example.com/',
    });
    for (const link of [first, second]) {
      await row(page, link.short_url).getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Set expiry…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set when 2 links expire' });
    const expires = dialog.getByLabel('Expires');
    await expires.fill('2020-01-01T10:00');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(expires).toHaveAccessibleDescription(
      'Choose a date and time in the future, or “Never”.',
    );
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000 + 3_600_000);
    const offsetMs = inThreeDays.getTimezoneOffset() * 60_000;
    await expires.fill(new Date(inThreeDays.getTime() - offsetMs).toISOString().slice(0, 16));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Expiry set on 2 links.' }),
    ).toBeVisible();
    for (const link of [first, second]) {
      await expect(row(page, link.short_url)).toContainText('Expires in 3 days');
    }
    const ends = (await linksOf(service, apiKey)).map(
      (link) => (link as LinkJson & { expires_at: string | null }).expires_at,
    );
    expect(ends.every((end) => end !== null && Date.parse(end) > Date.now())).toBe(true);
  });
});
