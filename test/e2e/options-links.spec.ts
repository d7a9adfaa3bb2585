import type { BrowserContext, Worker } from '@playwright/test';
import { linksStoreEntry } from '../support/links-store.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import {
  cachedLinks,
  configure,
  expect,
  expectSectionLooksRight,
  FIRST_ACCOUNT,
  openOptions,
  screenshotBothThemes,
} from './fixtures.ts';
import {
  count,
  createLink,
  expectDeletedOnService,
  getLink,
  row,
  rows,
  seed,
  shortenUndoDelay,
  test,
} from './links-helpers.ts';

test.describe('options page, Links', () => {
  test('lists the links with their count; search, sort and domain filter narrow and reorder them', async ({
    linkOnOptionsPage,
    service,
    account,
  }) => {
    await service.addDomain(account.email, 'links-e2e.localhost');
    const { apiKey } = account;
    const alpha = await createLink(service, apiKey, {
      destination_url: 'https://alpha.example.com/docs/start',
      title: 'Alpha docs',
    });
    // The list gives creation times to the second: the service's clock moved on makes the order
    // certain.
    service.advanceClock(1_100);
    const beta = await createLink(service, apiKey, {
      destination_url: 'https://beta.example.org/news',
      title: 'Beta news',
      domain: 'links-e2e.localhost',
    });
    service.advanceClock(1_100);
    const { page, link: gamma } = await linkOnOptionsPage({
      destination_url: 'https://gamma.example.net/',
      title: 'Gamma home',
    });

    await expect(count(page)).toHaveText('3 links');
    await expect(rows(page)).toHaveCount(3);
    // Newest first.
    await expect(rows(page).getByRole('link')).toHaveText([
      gamma.short_url,
      beta.short_url,
      alpha.short_url,
    ]);
    await expect(row(page, alpha.short_url)).toContainText('alpha.example.com');
    await expect(row(page, alpha.short_url)).toContainText('Alpha docs');

    await page.getByRole('searchbox', { name: 'Search links' }).fill('beta');
    await expect(count(page)).toHaveText('1 of 3 links');
    await expect(rows(page).getByRole('link')).toHaveText([beta.short_url]);
    await page.getByRole('searchbox', { name: 'Search links' }).fill('');

    await page.getByLabel('Sort by').selectOption({ label: 'Oldest' });
    await expect(rows(page).getByRole('link')).toHaveText([
      alpha.short_url,
      beta.short_url,
      gamma.short_url,
    ]);
    await page.getByLabel('Sort by').selectOption({ label: 'Title' });
    await expect(rows(page).getByRole('link')).toHaveText([
      alpha.short_url,
      beta.short_url,
      gamma.short_url,
    ]);

    await page
      .getByLabel('Short domain', { exact: true })
      .selectOption(new URL(beta.short_url).host);
    await expect(count(page)).toHaveText('1 of 3 links');
    await expect(rows(page).getByRole('link')).toHaveText([beta.short_url]);
    await page.getByLabel('Short domain', { exact: true }).selectOption({ label: 'All domains' });
    await expect(count(page)).toHaveText('3 links');

    await screenshotBothThemes(page, 'options-links');
    await expectSectionLooksRight(page, 'options-links-section', {
      part: page.locator('.links-section'),
    });
  });

  test('with 2,000 links only the visible rows are in the page, and scrolling reaches the last', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await seed(service, apiKey, 2000);
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);

    await expect(count(page)).toHaveText(`${(2000).toLocaleString('en-US')} links`);
    expect(await rows(page).count()).toBeLessThan(40);
    await expect(page.getByText('Seeded link 1999', { exact: true })).toBeVisible();

    // One scrollbar, the page's: the window scrolls the list.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByText('Seeded link 0', { exact: true })).toBeVisible();
    expect(await rows(page).count()).toBeLessThan(40);
  });

  test('a search keystroke draws the table once, with its answer, and words no "Show" entry again', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await seed(service, apiKey, 2000, 'keystroke');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await context.newPage();
    // Every message the page reads, counted by key: the table words its list once per drawing,
    // the "Show" menu each of its entries.
    await page.addInitScript(() => {
      const w = window as unknown as { messageReads: Record<string, number> };
      w.messageReads = {};
      const i18n = chrome.i18n;
      const getMessage = i18n.getMessage.bind(i18n);
      i18n.getMessage = ((key: string, substitutions?: string | string[]) => {
        w.messageReads[key] = (w.messageReads[key] ?? 0) + 1;
        return getMessage(key, substitutions);
      }) as typeof i18n.getMessage;
    });
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(count(page)).toHaveText(`${(2000).toLocaleString('en-US')} links`);
    await expect(page.getByRole('combobox', { name: 'Show' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await page.waitForTimeout(500);
    const search = page.getByRole('searchbox', { name: 'Search links' });
    await search.fill('Seeded link 199');
    await expect(count(page)).toHaveText('12 of 2,000 links');
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      (window as unknown as { messageReads: Record<string, number> }).messageReads = {};
    });

    await search.press('9');
    await expect(count(page)).toHaveText('1 of 2,000 links');
    await page.waitForTimeout(500);

    const reads = await page.evaluate(
      () => (window as unknown as { messageReads: Record<string, number> }).messageReads,
    );
    // Once, for the list the search answered; not for the box's own drawing before it.
    expect(reads.linksListLabel).toBe(1);
    expect(reads.linksShowCount ?? 0).toBe(0);
  });

  test('a search keystroke updates the count and the rows in its own task, not a task later', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await seed(service, apiKey, 2000, 'same-task');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(count(page)).toHaveText(`${(2000).toLocaleString('en-US')} links`);
    await page.waitForTimeout(500);
    // Typed as a key types (the box's value, then its input event), and the page read at once:
    // a search drawn a render later (a deferred value) would still show the whole list.
    const drawn = await page.evaluate(() => {
      const box = document.querySelector('input[type="search"]') as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
        box,
        'Seeded link 1999',
      );
      box.dispatchEvent(new Event('input', { bubbles: true }));
      return {
        count: document.querySelector('.links-count')?.textContent,
        rows: document.querySelectorAll('.links-list > li').length,
      };
    });
    expect(drawn).toEqual({ count: '1 of 2,000 links', rows: 1 });
  });

  test("opened without a cache, the page draws the answer's first rows as it arrives, then the whole list", async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await seed(service, apiKey, 2000, 'no-cache');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await context.newPage();
    // What the list showed each time its count changed: the count, the rows, the first title.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('.links-count')?.textContent ?? '';
        const rows = document.querySelectorAll('.links-list > li');
        const title = rows[0]?.querySelector('.link-title')?.textContent ?? '';
        const entry = `${text} | ${rows.length > 0 ? 'rows' : 'no rows'} | ${title}`;
        if (text !== '' && seen.at(-1) !== entry) seen.push(entry);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const opening: string[] = [];
    page.on('request', (request) => {
      if (/\/chunks\/client-[^/]*\.js$/.test(request.url())) opening.push('client asked for');
    });
    page.on('domcontentloaded', () => opening.push('page ready'));
    // The answer (about 15 kB compressed) arriving over half a second or more, as over a slow
    // network: on a fast one it may all be in before the page reads its first piece, and then the
    // whole list is drawn at once.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 16 * 1024,
      uploadThroughput: -1,
    });
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(count(page)).toHaveText('2,000 links', { timeout: 30_000 });

    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    // The service's list drawn from the first rows of its answer while the rest arrives (the
    // service sends its newest first), counted as the part they are with no total yet known,
    // Export waiting for the rest.
    expect(seen.find((entry) => entry.includes('| rows |'))).toBe(
      'Loading links… 60 so far | rows | Seeded link 1999',
    );
    // … then counted as the rest arrives, more each time.
    const soFar = seen.flatMap((entry) => {
      const count = /… ([\d,]+) so far/.exec(entry)?.[1];
      return count ? [Number(count.replaceAll(',', ''))] : [];
    });
    expect(soFar.length).toBeGreaterThan(2);
    expect(soFar).toEqual([...new Set(soFar)].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe('2,000 links | rows | Seeded link 1999');
    // The API client's code was asked for as the page's script ran, beside the settings, not once
    // they were read (after the page's DOMContentLoaded): the list's request waits for it.
    expect(opening.indexOf('client asked for')).toBeGreaterThanOrEqual(0);
    expect(opening.indexOf('client asked for')).toBeLessThan(opening.indexOf('page ready'));
  });

  test("reopened, the page draws the cache's newest links first, then the whole list", async ({
    context,
    extensionId,
    worker,
  }) => {
    // At 20,000 links the whole list takes the page a hundred milliseconds to read and parse; its
    // first screen, a few.
    await cachedThenStopped({ context, extensionId, worker }, '20,000 links', async (service) => {
      const apiKey = await service.createAccount('first-screen@example.com');
      await seed(service, apiKey, 20_000, 'first-screen');
      return { apiKey };
    });
    expect(await linksStoreEntry(worker, 'get', `${FIRST_ACCOUNT}:first-screen`)).toMatchObject({
      total: 20_000,
    });
    const page = await context.newPage();
    // The whole list as a slow disk would give it: its read (the account's key, read-only, with
    // the pieces of the list read in the same transaction) ends only once the page has drawn rows
    // or after 5 s. Without this the page, started before React mounts, sometimes has the whole
    // list before its first render and rightly draws it at once; the order under test is the one
    // a slower read gives.
    await page.addInitScript((wholeListKey) => {
      const get = IDBObjectStore.prototype.get;
      const rowsDrawn = () =>
        new Promise<void>((resolve) => {
          const started = performance.now();
          const check = () => {
            if (document.querySelector('.links-list > li') || performance.now() - started > 5000) {
              resolve();
            } else setTimeout(check, 10);
          };
          check();
        });
      IDBObjectStore.prototype.get = function (this: IDBObjectStore, key: IDBValidKey) {
        const request = get.call(this, key);
        const transaction = this.transaction;
        if (key !== wholeListKey || transaction.mode !== 'readonly') return request;
        let oncomplete: ((event: Event) => void) | null = null;
        Object.defineProperty(transaction, 'oncomplete', {
          get: () => oncomplete,
          set: (handler) => {
            oncomplete = handler;
          },
        });
        transaction.addEventListener('complete', (event) => {
          void rowsDrawn().then(() => oncomplete?.call(transaction, event));
        });
        return request;
      } as typeof get;
    }, FIRST_ACCOUNT);
    // What the list showed each time its count changed: the count, the rows, the first title.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('.links-count')?.textContent ?? '';
        const rows = document.querySelectorAll('.links-list > li');
        const title = rows[0]?.querySelector('.link-title')?.textContent ?? '';
        const entry = `${text} | ${rows.length > 0 ? 'rows' : 'no rows'} | ${title}`;
        if (text !== '' && seen.at(-1) !== entry) seen.push(entry);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(count(page)).toHaveText('20,000 links');
    await expect(page.getByText(/Showing the list saved at .*could not be reached/)).toBeVisible({
      timeout: 30_000,
    });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    // The first rows drawn: the newest (link 19999), counted as the part they are; then the
    // whole list.
    expect(seen.find((entry) => entry.includes('| rows |'))).toBe(
      'Loading links… 60 of 20,000 | rows | Seeded link 19999',
    );
    expect(seen).toContain('20,000 links | rows | Seeded link 19999');
  });

  test('a row says when its link expires, and "Show" narrows the list to the ended links', async ({
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    const ended = await createLink(service, apiKey, {
      destination_url: 'https://ended.example.com/',
      max_clicks: 1,
    });
    expect((await fetch(ended.short_url, { redirect: 'manual' })).status).toBe(302);
    const expiresAt = new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString();
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://ends.example.com/',
      expires_at: expiresAt,
    });
    await expect(row(page, link.short_url)).toContainText('Expires in 3 days');
    await expect(row(page, ended.short_url)).toContainText('Expired');

    const show = page.getByRole('combobox', { name: 'Show' });
    await expect(show.getByRole('option', { name: /^Expired \(\d+\)$/ })).toHaveCount(1);
    await show.selectOption('expired');
    await expect(row(page, ended.short_url)).toBeVisible();
    await expect(row(page, link.short_url)).toHaveCount(0);
    await show.selectOption('');
    await expect(row(page, link.short_url)).toBeVisible();
  });

  test('a protected link says so on its row, and "Show" narrows the list to the protected links', async ({
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    const plain = await createLink(service, apiKey, {
      destination_url: 'https://open.example.com/',
    });
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://locked.example.com/',
      password: 'open sesame',
    });
    await expect(row(page, link.short_url)).toContainText('Password');
    await expect(row(page, plain.short_url)).not.toContainText('Password');

    const show = page.getByRole('combobox', { name: 'Show' });
    await expect(show.getByRole('option', { name: 'Protected (1)' })).toHaveCount(1);
    await show.selectOption('protected');
    await expect(row(page, link.short_url)).toBeVisible();
    await expect(row(page, plain.short_url)).toHaveCount(0);
  });

  test('edits the title and destination, and the short URL then leads to the new destination', async ({
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://old.example.com/',
      title: 'Old title',
    });

    await row(page, link.short_url).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Destination URL')).toHaveValue('https://old.example.com/');
    await dialog.getByLabel('Title').fill('New title');
    await dialog.getByLabel('Destination URL').fill('https://new.example.com/here');
    await screenshotBothThemes(page, 'options-links-edit');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(dialog).toBeHidden();
    await expect(row(page, link.short_url)).toContainText('New title');
    await expect(row(page, link.short_url)).toContainText('new.example.com');
    const answer = (await getLink(service, apiKey, link.short_url)).body;
    expect(answer).toMatchObject({
      title: 'New title',
      destination_url: 'https://new.example.com/here',
    });
    const redirect = await fetch(link.short_url, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('https://new.example.com/here');
  });

  test("the edit form sets and clears a link's end and its password, each refusal on its field", async ({
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://locked.example.com/',
      password: 'open sesame',
      max_clicks: 5,
    });
    const stored = async () => (await getLink(service, apiKey, link.short_url)).body;
    await row(page, link.short_url).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    const limit = dialog.getByLabel('Click limit', { exact: true });
    const after = dialog.getByLabel('After it expires, go to', { exact: true });
    await expect(limit).toHaveValue('5');
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(dialog.getByText('Leave empty to keep the current password.')).toBeVisible();

    await limit.fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(limit).toHaveAttribute('aria-invalid', 'true');
    await expect(
      dialog.getByText('The click limit must be a whole number from 1 to 1,000,000,000.'),
    ).toBeVisible();
    // The service's own refusal lands on the field it names.
    await limit.fill('');
    await after.fill(link.short_url);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(after).toHaveAttribute('aria-invalid', 'true');
    await expect(after).toHaveValue(link.short_url);
    await expect(dialog).toBeVisible();
    expect(await stored()).toMatchObject({ max_clicks: 5, expired_url: null });
    await after.fill('https://example.com/after');
    await dialog.getByRole('button', { name: '7 days', exact: true }).click();
    await expectSectionLooksRight(page, 'options-links-edit-end', { part: dialog });

    await dialog.getByLabel('Remove password', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, link.short_url)).toContainText('Expires in 7 days');
    await expect(row(page, link.short_url)).not.toContainText('Password');
    const saved = await stored();
    expect(saved).toMatchObject({
      max_clicks: null,
      expired_url: 'https://example.com/after',
      password_protected: false,
    });
    const days = (Date.parse(String(saved.expires_at)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);

    await row(page, link.short_url).getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Password', { exact: true }).fill('new secret');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, link.short_url)).toContainText('Password');
    const visit = await fetch(link.short_url, { redirect: 'manual' });
    expect(await visit.text()).toContain('This link is protected');
  });

  test('"Extend 7 days" in the details pane adds a week from now, then from the new expiry', async ({
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://extend.example.com/',
      title: 'Extend me',
    });
    const daysLeft = async () => {
      const { expires_at } = (await getLink(service, apiKey, link.short_url)).body;
      return (Date.parse(String(expires_at)) - Date.now()) / 86_400_000;
    };
    await row(page, link.short_url).getByRole('button', { name: 'Extend me' }).click();
    const pane = page.getByRole('dialog');
    await expect(pane).toContainText('Never');
    const extend = pane.getByRole('button', { name: 'Extend 7 days' });
    await expect(extend).toHaveAttribute('title', /gets 7 days from now/);
    await extend.click();
    await expect(pane).toContainText('Expires in 7 days');
    await expect(row(page, link.short_url)).toContainText('Expires in 7 days');
    await expect.poll(daysLeft).toBeGreaterThan(6.9);
    await extend.click();
    // The second extension waits for the first to be answered (lib/account/write-through.ts).
    await expect(pane).toContainText('Expires in 14 days', { timeout: 10_000 });
    await expectSectionLooksRight(page, 'options-links-details-end', { part: pane });
    await expect.poll(daysLeft).toBeGreaterThan(13.9);
    expect(await daysLeft()).toBeLessThan(14.1);
  });

  test('an edit to a bare address saves it with https://, as the popup does', async ({
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    const { page, link } = await linkOnOptionsPage({ destination_url: 'https://old.example.com/' });

    await row(page, link.short_url).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Destination URL').fill('example.com/foo');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(dialog).toBeHidden();
    await expect(row(page, link.short_url)).toContainText('example.com/foo');
    expect((await getLink(service, apiKey, link.short_url)).body).toMatchObject({
      destination_url: 'https://example.com/foo',
    });
  });

  test('an invalid edit keeps the form as typed with the error on the field', async ({
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://old.example.com/',
      title: 'Old title',
    });

    await row(page, link.short_url).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Destination URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Destination URL')).toHaveValue('not a url');
    await expect(dialog.getByLabel('Destination URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();
    expect((await getLink(service, apiKey, link.short_url)).body).toMatchObject({
      destination_url: 'https://old.example.com/',
    });
  });

  test('deletes one link after a confirmation naming it', async ({
    linkOnOptionsPage,
    worker,
    service,
    apiKey,
  }) => {
    await shortenUndoDelay(worker);
    const keep = await createLink(service, apiKey, {
      destination_url: 'https://keep.example.com/',
    });
    const { page, link: gone } = await linkOnOptionsPage({
      destination_url: 'https://gone.example.com/',
    });
    await expect(count(page)).toHaveText('2 links');

    await row(page, gone.short_url).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(gone.short_url);
    await expect(dialog).toContainText('You can undo it for 10 seconds.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshotBothThemes(page, 'options-links-delete');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(count(page)).toHaveText('2 links');

    await row(page, gone.short_url).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(count(page)).toHaveText('1 link');
    await expect(row(page, keep.short_url)).toBeVisible();
    await expectDeletedOnService(service, apiKey, gone.short_url);
    await expect.poll(() => cachedLinks(worker)).toMatchObject([{ shortUrl: keep.short_url }]);
  });

  test('deletes several selected links together', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await shortenUndoDelay(worker);
    const links = [];
    for (let n = 0; n < 4; n++) {
      links.push(
        await createLink(service, apiKey, { destination_url: `https://x${n}.example.com/` }),
      );
    }
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId);
    await expect(count(page)).toHaveText('4 links');

    for (const link of links.slice(0, 3)) {
      await page.getByRole('checkbox', { name: `Select \u2066${link.short_url}\u2069` }).check();
    }
    await page.getByRole('button', { name: 'Delete selected (3)' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Delete 3 links?');
    // Each of them by name.
    await expect(dialog.getByRole('listitem')).toHaveText(
      links.slice(0, 3).map((link) => link.short_url),
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(count(page)).toHaveText('1 link');
    for (const link of links.slice(0, 3)) {
      await expectDeletedOnService(service, apiKey, link.short_url);
    }
    expect((await getLink(service, apiKey, links[3]?.short_url ?? '')).status).toBe(200);
  });

  test('a wrong key after caching keeps the list, marked stale, and shows the way to Accounts', async ({
    linkOnOptionsPage,
    service,
    apiKey,
  }) => {
    const { page, link } = await linkOnOptionsPage({
      destination_url: 'https://cached.example.com/',
    });
    await expect(count(page)).toHaveText('1 link');
    // The cache is per key, so the key goes wrong on the service's side while the page is open.
    await service.revokeKey(apiKey);
    await page.getByRole('button', { name: 'Refresh' }).click();

    await expect(page.getByText(/Showing the list saved at .*\. /)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the Accounts section' })).toBeVisible();
    await expect(row(page, link.short_url)).toBeVisible();
    await screenshotBothThemes(page, 'options-links-stale-wrong-key');
  });

  test('the service stopped after caching: the cached list is shown, marked stale', async ({
    context,
    extensionId,
    worker,
  }) => {
    const { link } = await cachedThenStopped(
      { context, extensionId, worker },
      '1 link',
      async (service) => {
        const apiKey = await service.createAccount('stopping@example.com');
        const link = await createLink(service, apiKey, {
          destination_url: 'https://down.example.com/',
        });
        return { apiKey, link };
      },
    );
    const page = await openOptions(context, extensionId);
    await expect(row(page, link.short_url)).toBeVisible();
    await expect(page.getByText(/Showing the list saved at .*could not be reached/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(count(page)).toHaveText('1 link');
  });
});

/**
 * An account on a service of its own whose links the options page has listed once (its count
 * reading `listed`) and cached, the service then stopped: only the cache can fill the list when
 * the page opens again.
 */
async function cachedThenStopped<T extends { apiKey: string }>(
  {
    context,
    extensionId,
    worker,
  }: { context: BrowserContext; extensionId: string; worker: Worker },
  listed: string,
  fill: (service: TestService) => Promise<T>,
): Promise<T> {
  const service = await startTestService();
  try {
    const filled = await fill(service);
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: filled.apiKey });
    const page = await openOptions(context, extensionId);
    await expect(count(page)).toHaveText(listed, { timeout: 30_000 });
    // Stored once the list is drawn, its first screen in the same transaction.
    await expect
      .poll(() => linksStoreEntry(worker, 'get', `${FIRST_ACCOUNT}:first-screen`))
      .toBeDefined();
    await page.close();
    return filled;
  } finally {
    await service.stop();
  }
}
