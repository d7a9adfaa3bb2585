import type { Page } from '@playwright/test';
import {
  configure,
  expect,
  expectSectionLooksRight,
  offerStored,
  openOptions,
  seriousA11yViolations,
  test,
  withoutContract,
} from './fixtures.ts';
import { count } from './links-helpers.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const sectionHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });

test.describe('options page, navigation', () => {
  test('before an account is set up the page lands on Accounts, with its one form', async ({
    context,
    extensionId,
  }) => {
    const page = await openOptions(context, extensionId);
    await expect(nav(page).getByRole('link')).toHaveText([
      'Links',
      'Statistics',
      'Domains',
      'Accounts',
      'Preferences',
    ]);
    await expect(nav(page).getByRole('link', { name: 'Accounts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sectionHeading(page)).toHaveText('Accounts');
    await expect(page.getByLabel('API key', { exact: true })).toBeVisible();
  });

  test('Links without an account set up offers the way to Accounts', async ({
    context,
    extensionId,
  }) => {
    const page = await openOptions(context, extensionId, 'links');
    await page.getByRole('main').getByRole('link', { name: 'Go to the Accounts section' }).click();
    await expect(page).toHaveURL(/options\.html#accounts$/);
    await expect(sectionHeading(page)).toHaveText('Accounts');
  });

  test('once an account is set up the page lands on Links; the address keeps the section chosen', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await service.insertLinks(
      apiKey,
      [0, 1, 2].map((n) => ({
        backHalf: `landing${n}`,
        destinationUrl: `https://example.com/${n}`,
      })),
    );
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);
    await expect(sectionHeading(page)).toHaveText('Links');
    await expect(count(page)).toHaveText('3 links');
    await expect(nav(page).getByRole('link', { name: 'Links' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page).toHaveTitle('Links · Short Link options');

    for (const [name, hash, heading] of [
      ['Statistics', '#statistics', 'Statistics'],
      ['Domains', '#domains', 'Domains'],
      ['Accounts', '#accounts', 'Accounts'],
      ['Preferences', '#preferences', 'Preferences'],
      ['Links', '#links', 'Links'],
    ] as const) {
      await nav(page).getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`options\\.html${hash}$`));
      await expect(sectionHeading(page)).toHaveText(heading);
      await expect(nav(page).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
      // Only the chosen section is on the page.
      await expect(sectionHeading(page)).toHaveCount(1);
    }

    // A reload stays where it was; back and forward walk the sections visited.
    await nav(page).getByRole('link', { name: 'Preferences' }).click();
    await page.reload();
    await expect(sectionHeading(page)).toHaveText('Preferences');
    await page.goBack();
    await expect(sectionHeading(page)).toHaveText('Links');
    await page.goForward();
    await expect(sectionHeading(page)).toHaveText('Preferences');
  });

  test('a link to a section opens the page at that section, and an unknown one lands on Links', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    for (const [hash, heading] of [
      ['#domains', 'Domains'],
      ['#accounts', 'Accounts'],
      ['#preferences', 'Preferences'],
      ['#links', 'Links'],
      ['#no-such-section', 'Links'],
    ] as const) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/options.html${hash}`);
      await expect(sectionHeading(page)).toHaveText(heading);
      await page.close();
    }
  });

  test('every section, at 360, 420 and 1280 px, in light and dark, passes axe (screenshots for the README)', async ({
    context,
    extensionId,
    worker,
    service,
    account,
  }) => {
    // 4 sections × 3 widths: 24 pictures; axe at 420 and 1280 px (16 runs).
    test.setTimeout(240_000);
    await service.addDomain(account.email, 'go.navigation.example.com');
    await service.insertLinks(
      account.apiKey,
      Array.from({ length: 40 }, (_, n) => ({
        backHalf: `nav${n}`,
        destinationUrl: `https://docs.example.org/guides/chapter-${n}/getting-started`,
        title: n % 5 === 0 ? '' : `Team handbook, chapter ${n}`,
        createdAt: Date.UTC(2026, 10, 1) + n * 3_600_000,
        clicks: (n * 7) % 40,
      })),
    );
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
    const page = await openOptions(context, extensionId, 'links');
    await expect(count(page)).toHaveText('40 links');

    const sectionLeft: Record<string, number> = {};
    for (const width of [360, 420, 1280]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
      for (const section of ['links', 'domains', 'accounts', 'preferences'] as const) {
        await nav(page)
          .getByRole('link', { name: sectionName(section) })
          .click();
        await expect(page).toHaveURL(new RegExp(`#${section}$`));
        if (section === 'domains') {
          await expect(
            page.getByRole('radio', { name: 'go.navigation.example.com' }),
          ).toBeVisible();
          await expect(page.getByText('Refreshing…')).toHaveCount(0);
        }
        // Move the pointer and focus away, so that the pictures show the page at rest.
        await page.mouse.move(0, 0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const horizontal = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(horizontal, `${section} at ${width} px scrolls sideways`).toBe(0);
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await page.screenshot({
            path: `test-results/screenshots/options-${section}-${width}-${colorScheme}.png`,
          });
        }
        await page.emulateMedia({ colorScheme: null });
        // One layout for every section: each heading starts where the header's title does.
        const [headingLeft, titleLeft] = await Promise.all([
          sectionHeading(page).evaluate((heading) => heading.getBoundingClientRect().left),
          page
            .getByRole('heading', { level: 1 })
            .evaluate((heading) => heading.getBoundingClientRect().left),
        ]);
        sectionLeft[`${section} ${width}`] = headingLeft - titleLeft;
        if (width !== 360) {
          expect(await seriousA11yViolations(page), `${section} at ${width} px`).toEqual([]);
        }
      }
    }
    expect(new Set(Object.values(sectionLeft)), JSON.stringify(sectionLeft)).toEqual(new Set([0]));
  });
});

function sectionName(section: 'links' | 'domains' | 'accounts' | 'preferences'): string {
  return section[0]?.toUpperCase() + section.slice(1);
}

/** A call to the service's API as the account, answering its JSON. */
async function callApi(
  service: { baseUrl: string },
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const answer = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(answer.status, `${method} ${path}`).toBe(200);
  return answer.json();
}

test.describe('options page, tags', () => {
  test('Tags lists the tags with their colours and counts, and renames, recolours and deletes them', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await callApi(service, apiKey, 'POST', '/v1/tags', { name: 'Client A', color: 'blue' });
    const links = [
      { destination_url: 'https://example.com/a', tags: ['Client A', 'Spring'] },
      { destination_url: 'https://example.com/b', tags: ['Spring'] },
    ];
    for (const link of links) await callApi(service, apiKey, 'POST', '/v1/links', link);
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);
    await nav(page).getByRole('link', { name: 'Tags' }).click();
    await expect(page).toHaveURL(/options\.html#tags$/);
    const rows = page.locator('.tags-table tbody tr');
    await expect(rows).toHaveText([/^Client A\s*Gray.*1\s*Rename/, /^Spring\s*Gray.*2\s*Rename/]);
    await expect(page.getByLabel('Colour of tag Client A')).toHaveValue('blue');
    await expect(page.getByLabel('Colour of tag Spring')).toHaveValue('gray');
    await expect(rows.first().locator('.tag-chip')).toHaveAttribute('data-tag-color', 'blue');
    // At the narrowest width the rows wrap rather than scroll sideways.
    await expectSectionLooksRight(page, 'options-tags', { narrow: true });

    // Rename: Enter saves, Escape leaves the name as it was, a name taken is said on the field.
    await page.getByRole('button', { name: 'Rename tag Client A' }).click();
    const name = page.getByLabel('New name for tag Client A');
    await expect(name).toBeFocused();
    await name.fill('SPRING');
    await name.press('Enter');
    // In English the service's own sentence, which names the other tag, as for any refusal.
    const taken = 'There is already a tag "Spring" (names are compared regardless of case).';
    await expect(page.getByText(taken)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.press('Escape');
    await expect(name).toHaveCount(0);
    await expect(rows.first().locator('.tag-chip-name')).toHaveText('Client A');
    await page.getByRole('button', { name: 'Rename tag Client A' }).click();
    await page.getByLabel('New name for tag Client A').fill('Client B');
    await page.getByLabel('New name for tag Client A').press('Enter');
    await expect(rows.first().locator('.tag-chip-name')).toHaveText('Client B');

    // Recolour: each colour named.
    const colour = page.getByLabel('Colour of tag Client B');
    await expect(colour.locator('option')).toHaveText([
      'Gray',
      'Red',
      'Orange',
      'Yellow',
      'Green',
      'Blue',
      'Purple',
      'Pink',
    ]);
    await colour.selectOption({ label: 'Pink' });
    await expect(rows.first().locator('.tag-chip')).toHaveAttribute('data-tag-color', 'pink');

    // Delete, once confirmed: its links stay, with their other tags.
    await page.getByRole('button', { name: 'Delete tag Spring' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Delete the tag Spring?');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(rows).toHaveCount(1);

    const { tags } = await callApi(service, apiKey, 'GET', '/v1/tags');
    expect(tags).toEqual([expect.objectContaining({ name: 'Client B', color: 'pink', links: 1 })]);
    const listed = await callApi(service, apiKey, 'GET', '/v1/links');
    expect(listed.links).toHaveLength(2);
  });

  test('a service whose contract has no tags has no Tags section', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await withoutContract(context);
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId, 'domains');
    await offerStored(worker);
    await expect(nav(page).getByRole('link')).toHaveText([
      'Links',
      'Statistics',
      'Domains',
      'Accounts',
      'Preferences',
    ]);
    await page.goto(`chrome-extension://${extensionId}/options.html#tags`);
    await expect(page.getByText("This account's service has no tags.")).toBeVisible();
  });
});
