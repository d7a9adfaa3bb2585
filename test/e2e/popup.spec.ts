import type { Page } from '@playwright/test';
import { connectionTag } from '../../lib/settings/connection.ts';
import { startTestService } from '../support/test-service.ts';
import {
  cachedLinks,
  configure,
  expect,
  screenshotBothThemes,
  seedCachedLinks,
  seriousA11yViolations,
  test,
} from './fixtures.ts';
import { createLink } from './links-helpers.ts';
import { PopupPage } from './popup-page.ts';

/**
 * The extension files a popup page asks for, and which of them came before its form was drawn
 * (images left out): `record` goes in PopupPage.openFor's beforeOpen.
 */
function filesBeforeForm() {
  const requested: string[] = [];
  const DRAWN = '(form drawn)';
  return {
    record: async (page: Page) => {
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol === 'chrome-extension:' && !url.pathname.endsWith('.png')) {
          requested.push(url.pathname);
        }
      });
      await page.exposeFunction('formDrawn', () => requested.push(DRAWN));
      await page.addInitScript(() => {
        new MutationObserver((_records, observer) => {
          if (!document.querySelector('main[data-ready] input')) return;
          observer.disconnect();
          (window as unknown as { formDrawn(): void }).formDrawn();
        }).observe(document, { childList: true, subtree: true });
      });
    },
    all: () => requested.filter((path) => path !== DRAWN),
    beforeForm: async () => {
      await expect.poll(() => requested.includes(DRAWN)).toBe(true);
      return requested.slice(0, requested.indexOf(DRAWN));
    },
  };
}

test.describe('the popup', () => {
  test('is filled from the page in the other tab, shortens it on a custom domain, copies it, and the short URL leads back', async ({
    context,
    worker,
    extensionId,
    service,
    account,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await service.addDomain(account.email, 'go.localhost');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
    const pageUrl = `${service.pageOrigin}/`;
    const popup = await PopupPage.openFor(context, worker, extensionId, pageUrl);

    await expect(popup.field('Destination URL')).toHaveValue(pageUrl);
    await expect(popup.field('Title')).toHaveValue('Short links');
    const port = new URL(service.baseUrl).port;
    // With its port, as the Links filter and the short URLs show it: what a person types.
    await expect(popup.field('Domain').locator('option')).toHaveText([
      `\u2066${service.shortDomain}\u2069 (default)`,
      `go.localhost:${port}`,
    ]);
    await screenshotBothThemes(popup.page, 'popup-filled');

    await popup.shorten({ backHalf: 'e2e-home', domain: 'go.localhost' });
    const shortUrl = `http://go.localhost:${port}/e2e-home`;
    await expect(popup.shortLink()).toHaveText(shortUrl);
    await expect(popup.page.getByText('Copied to the clipboard')).toBeVisible();
    expect(await popup.page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);

    await popup.page.getByRole('button', { name: 'QR code' }).click();
    await expect(
      popup.page.getByRole('img', { name: `QR code for \u2066${shortUrl}\u2069` }),
    ).toBeVisible();
    await screenshotBothThemes(popup.page, 'popup-result-qr');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);

    const visit = await context.newPage();
    await visit.goto(shortUrl);
    await expect(visit).toHaveURL(pageUrl);
  });

  test('draws its form from its one script: no stylesheet, runtime chunk or settings parser first', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    // Each file an extension page waits for costs it milliseconds (npm run bench -- --only popup).
    const files = filesBeforeForm();
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`, {
      beforeOpen: files.record,
    });
    await expect(popup.field('Destination URL')).toHaveValue(`${service.pageOrigin}/`);
    expect(await files.beforeForm()).toEqual([
      '/popup.html',
      expect.stringMatching(/^\/chunks\/popup-[\w-]+\.js$/),
    ]);
    // The rest of the popup's code follows the form, zod and the account layer with it.
    await expect
      .poll(() => files.all().filter((path) => path.startsWith('/chunks/later-')))
      .toHaveLength(1);
  });

  test('draws its form in the task its settings and page are answered in, not a task later', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    // Notes whether the form is in the page once the popup's own reactions to the last of its two
    // answers have run: they are the microtasks that follow it, in the same task (main.tsx).
    const watchReads = (page: Page) =>
      page.addInitScript(() => {
        const scope = window as unknown as { formWithReads?: boolean };
        let answered = 0;
        const watch = <T>(answer: Promise<T>) =>
          answer.then((value) => {
            if (++answered === 2) {
              let turns = 0;
              const look = () => {
                if (++turns < 50) queueMicrotask(look);
                else
                  scope.formWithReads = document.querySelector('main[data-ready] input') !== null;
              };
              queueMicrotask(look);
            }
            return value;
          });
        const { local } = chrome.storage;
        const read = local.get.bind(local) as (keys: unknown) => Promise<unknown>;
        (local as { get: unknown }).get = (keys: unknown) =>
          keys === 'settings' ? watch(read(keys)) : read(keys);
        const tab = chrome.tabs.get.bind(chrome.tabs);
        chrome.tabs.get = ((id: number) => watch(tab(id))) as typeof chrome.tabs.get;
      });
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`, {
      beforeOpen: watchReads,
    });
    await expect(popup.field('Destination URL')).toHaveValue(`${service.pageOrigin}/`);
    expect(
      await popup.page.evaluate(
        () => (window as unknown as { formWithReads?: boolean }).formWithReads,
      ),
    ).toBe(true);
  });

  test('reads settings an older version stored with the parser it loads for them, and shortens', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    // As stored before the preferences were: not today's shape, so read by the parser (and zod).
    await worker.evaluate((settings) => chrome.storage.local.set({ settings }), {
      accounts: [{ id: 'first', name: '', apiBaseUrl: service.baseUrl, apiKey }],
      defaultAccountId: 'first',
      autoCopy: false,
    });
    const files = filesBeforeForm();
    const pageUrl = `${service.pageOrigin}/`;
    const popup = await PopupPage.openFor(context, worker, extensionId, pageUrl, {
      beforeOpen: files.record,
    });
    await expect(popup.field('Destination URL')).toHaveValue(pageUrl);
    expect(await files.beforeForm()).toContainEqual(
      expect.stringMatching(/^\/chunks\/settings-[\w-]+\.js$/),
    );
    await popup.shorten({ backHalf: 'older-settings' });
    await expect(popup.shortLink()).toHaveText(/\/older-settings$/);
  });

  test('shows a taken back-half on its field and keeps what was typed', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await popup.shorten({ backHalf: 'taken', title: 'First' });
    await expect(popup.shortLink()).toBeVisible();

    await popup.shorten({ backHalf: 'taken', title: 'My typed title' });
    await expect(popup.page.getByText(/already taken/)).toBeVisible();
    await expect(popup.field('Back-half')).toHaveAttribute('aria-invalid', 'true');
    await expect(popup.field('Back-half')).toHaveValue('taken');
    await expect(popup.field('Title')).toHaveValue('My typed title');
    await screenshotBothThemes(popup.page, 'popup-error-back-half-taken');
  });

  test('checks the back-half as it is typed', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await popup.field('Back-half').fill('no spaces');
    await expect(popup.page.getByText(/may use only letters, digits/)).toBeVisible();
    await popup.field('Back-half').fill('fine_now');
    await expect(popup.page.getByText(/may use only letters, digits/)).toBeHidden();
  });

  test('says a wrong key was refused and offers the settings', async ({
    context,
    worker,
    extensionId,
    service,
  }) => {
    await configure(worker, {
      apiBaseUrl: service.baseUrl,
      apiKey: 'slk_wrongwrongwrongwrongwrongwrong',
    });
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await popup.shorten({ title: 'Kept' });
    await popup.expectFailure('API key', ['Open settings'], { field: 'Title', value: 'Kept' });
    await screenshotBothThemes(popup.page, 'popup-error-wrong-key');
  });

  test('says the service cannot be reached, keeps the input and offers a retry', async ({
    context,
    worker,
    extensionId,
    service,
  }) => {
    const doomed = await startTestService();
    const key = await doomed.createAccount('doomed@example.com');
    await configure(worker, { apiBaseUrl: doomed.baseUrl, apiKey: key });
    await doomed.stop();
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await popup.shorten({ backHalf: 'kept-half' });
    // The advice names the settings: the way there sits beside Retry.
    await popup.expectFailure('could not be reached', ['Retry', 'Open settings'], {
      field: 'Back-half',
      value: 'kept-half',
    });
    await screenshotBothThemes(popup.page, 'popup-error-unreachable');
  });

  test('without a key, says so and offers the settings', async ({
    context,
    worker,
    extensionId,
    service,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: '' });
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await expect(popup.page.getByText(/Add the API key/)).toBeVisible();
    await expect(popup.page.getByRole('button', { name: 'Open settings' })).toBeVisible();
    await screenshotBothThemes(popup.page, 'popup-not-configured');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);

    // It leads to the section where a key is added, whatever section was last shown.
    await popup.page.getByRole('button', { name: 'Open settings' }).click();
    const accountsUrl = `chrome-extension://${extensionId}/options.html#accounts`;
    await expect.poll(() => context.pages().map((page) => page.url())).toContain(accountsUrl);
    const options = context.pages().find((page) => page.url() === accountsUrl);
    await expect(
      options?.getByRole('heading', { name: 'Accounts', level: 2 }) ?? popup.page.locator('none'),
    ).toBeVisible();
  });

  test('explains a page that cannot be shortened and lets one type an address', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(
      context,
      worker,
      extensionId,
      `chrome-extension://${extensionId}/options.html`,
    );
    await expect(popup.page.getByText(/cannot be shortened/)).toBeVisible();
    await expect(popup.field('Destination URL')).toHaveValue('');
    await screenshotBothThemes(popup.page, 'popup-empty');
    await popup.shorten({ destinationUrl: 'https://example.com/typed' });
    await expect(popup.shortLink()).toBeVisible();
    await screenshotBothThemes(popup.page, 'popup-unshortenable-page');
  });
});

test('lists the links already made for the page before making another', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  // The options tab opened on install lists the account's links and would replace the seeded cache.
  for (const page of context.pages()) if (page.url().endsWith('/options.html')) await page.close();
  const pageUrl = `${service.pageOrigin}/`;
  const connection = { apiBaseUrl: service.baseUrl, apiKey };
  await configure(worker, connection);
  const earlier = {
    shortUrl: `http://${service.shortDomain}/earlier`,
    destinationUrl: pageUrl,
    clicks: 3,
    createdAt: '2026-11-01T10:00:00.000Z',
    title: 'Short links',
  };
  const unrelated = {
    ...earlier,
    shortUrl: `http://${service.shortDomain}/other`,
    destinationUrl: 'https://example.com/',
  };
  await seedCachedLinks(worker, connectionTag(connection), [earlier, unrelated]);
  const popup = await PopupPage.openFor(context, worker, extensionId, pageUrl);
  const already = popup.page.getByRole('region', { name: 'Already shortened' });
  await expect(already.getByRole('link')).toHaveText([earlier.shortUrl]);
  await expect(already.getByRole('button', { name: 'Copy' })).toBeVisible();
  await screenshotBothThemes(popup.page, 'popup-already-shortened');
});

test('with no links cache yet, the background fetches the list and the popup shows what was made before', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  for (const page of context.pages()) if (page.url().endsWith('/options.html')) await page.close();
  const pageUrl = `${service.baseUrl}/pages/made-elsewhere`;
  // Made through the API (another device, the service's own site), so no cache of this browser has it.
  const made = await createLink(service, apiKey, {
    destination_url: pageUrl,
    title: 'Made elsewhere',
  });
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  expect(await cachedLinks(worker)).toBeUndefined();

  const popup = await PopupPage.openFor(context, worker, extensionId, pageUrl);
  const already = popup.page.getByRole('region', { name: 'Already shortened' });
  await expect(already.getByRole('link')).toHaveText([made.short_url]);
  expect(await cachedLinks(worker)).toMatchObject([{ shortUrl: made.short_url }]);
});

test.describe('the popup names each failure and keeps the input', () => {
  test('an invalid destination is shown on the field before anything is sent', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await popup.shorten({ destinationUrl: 'ftp://example.com/file', title: 'Typed' });
    await expect(popup.field('Destination URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(popup.page.getByText(/full web address/)).toBeVisible();
    await expect(popup.field('Title')).toHaveValue('Typed');
    await screenshotBothThemes(popup.page, 'popup-error-invalid-url');
  });

  test('an unpaid plan offers the settings', async ({ context, worker, extensionId, service }) => {
    const key = await service.createAccount(`free-${Date.now()}@example.com`, 'free');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: key });
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await popup.shorten({ backHalf: 'kept' });
    await popup.expectFailure('paid plan', ['Open settings'], {
      field: 'Back-half',
      value: 'kept',
    });
    await screenshotBothThemes(popup.page, 'popup-error-unpaid');
  });

  test('an API origin the browser does not let it reach is named, with "Allow access"', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    // An HTTPS origin outside the manifest that was never granted (as after a withdrawal in Firefox).
    await configure(worker, { apiBaseUrl: 'https://api.not-granted.example', apiKey });
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await popup.shorten({ backHalf: 'kept-too' });
    await popup.expectFailure(
      'The browser does not let Short Link reach \u2066https://api.not-granted.example\u2069.',
      ['Allow access', 'Open settings'],
      { field: 'Back-half', value: 'kept-too' },
    );
    await screenshotBothThemes(popup.page, 'popup-error-permission-missing');
  });

  test('too many requests says when to try again and offers a retry', async ({
    context,
    worker,
    extensionId,
  }) => {
    const limited = await startTestService({ rateLimitPerMinute: 1 });
    try {
      const key = await limited.createAccount('busy@example.com');
      await configure(worker, { apiBaseUrl: limited.baseUrl, apiKey: key });
      // The popup's own domains refresh takes the one request of the minute.
      const popup = await PopupPage.openFor(context, worker, extensionId, `${limited.baseUrl}/`);
      await expect
        .poll(() =>
          popup.page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .some((entry) => entry.name.endsWith('/v1/domains')),
          ),
        )
        .toBe(true);
      await popup.shorten({ title: 'Kept' });
      await popup.expectFailure(/Try again in \d+ seconds/, ['Retry'], {
        field: 'Title',
        value: 'Kept',
      });
      await screenshotBothThemes(popup.page, 'popup-error-rate-limited');
    } finally {
      await limited.stop();
    }
  });

  test('a server fault offers a retry, and the retry succeeds once the service recovers', async ({
    context,
    worker,
    extensionId,
  }) => {
    const failing = await startTestService();
    try {
      const key = await failing.createAccount('fault@example.com');
      await configure(worker, { apiBaseUrl: failing.baseUrl, apiKey: key });
      const insertLink = failing.service.store.insertLink;
      failing.service.store.insertLink = () => {
        throw new Error('disk full');
      };
      const popup = await PopupPage.openFor(context, worker, extensionId, `${failing.pageOrigin}/`);
      await popup.shorten({ backHalf: 'after-fault' });
      await expect(popup.page.getByRole('alert')).toContainText('failed to answer');
      await screenshotBothThemes(popup.page, 'popup-error-server');

      failing.service.store.insertLink = insertLink;
      await popup.page.getByRole('button', { name: 'Retry' }).click();
      await expect(popup.shortLink()).toHaveText(`http://${failing.shortDomain}/after-fault`);
    } finally {
      await failing.stop();
    }
  });
});

test('falls back from a remembered domain the account no longer has', async ({
  context,
  worker,
  extensionId,
  service,
  account,
}) => {
  await service.addDomain(account.email, `kept-${Date.now()}.example.com`);
  await configure(worker, {
    apiBaseUrl: service.baseUrl,
    apiKey: account.apiKey,
    lastDomain: 'gone.example.com',
  });
  const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
  await expect(popup.field('Domain')).toHaveValue('');
  await popup.shorten();
  await expect(popup.shortLink()).toHaveText(new RegExp(`^http://${service.shortDomain}/`));
});
