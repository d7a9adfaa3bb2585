// `sl` in Chromium's address bar, against the real service: the tests call the handlers the
// browser calls (globalThis.shortLinkBackground in the service worker), as the menu's tests do.
import { configure, expect, test } from './fixtures.ts';
import { createLink, linksOf, row } from './links-helpers.ts';
import { readClipboard } from './page-helpers.ts';

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('"sl <words>" suggests the matching links, escaped for Chrome, and Enter opens the chosen destination', async ({
  worker,
  service,
  apiKey,
}) => {
  const destination = `${service.pageOrigin}/handbook?a=1&b=2`;
  const made = await createLink(service, apiKey, {
    destination_url: destination,
    title: 'Handbook <draft> & notes',
  });
  await createLink(service, apiKey, {
    destination_url: `${service.pageOrigin}/other`,
    title: 'Other',
  });
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  expect(await worker.evaluate(() => chrome.runtime.getManifest().omnibox)).toEqual({
    keyword: 'sl',
  });

  const suggestions = await worker.evaluate(() =>
    globalThis.shortLinkBackground?.onOmniboxInput('handbook notes'),
  );
  expect(suggestions).toEqual([
    {
      content: made.short_url,
      description: `Handbook &lt;draft&gt; &amp; notes <url>${made.short_url}</url> <dim>→ ${destination.replace('&', '&amp;')}</dim>`,
    },
  ]);

  const opened = await worker.evaluate(async (shortUrl) => {
    const before = (await chrome.tabs.query({})).length;
    const entered = await globalThis.shortLinkBackground?.onOmniboxEntered(
      shortUrl,
      'newForegroundTab',
    );
    const tabs = await chrome.tabs.query({});
    return {
      entered,
      added: tabs.length - before,
      urls: tabs.map((tab) => tab.pendingUrl ?? tab.url),
    };
  }, made.short_url);
  expect(opened.entered).toEqual({ action: 'opened', url: destination });
  expect(opened.added).toBe(1);
  expect(opened.urls).toContain(destination);
});

test('"sl <address>" shortens it, copies the short link and says so, as the context menu does', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const address = `${service.pageOrigin}/from-the-address-bar`;
  const entered = await worker.evaluate(
    (text) => globalThis.shortLinkBackground?.onOmniboxEntered(text, 'currentTab'),
    address,
  );
  expect(entered).toMatchObject({ action: 'shortened', outcome: { status: 'copied' } });
  const [link] = await linksOf(service, apiKey);
  expect(link?.destination_url).toBe(address);
  expect((await readClipboard(context, extensionId)).text).toBe(link?.short_url);
  expect(
    await worker.evaluate(async () => Object.keys(await chrome.notifications.getAll())),
  ).toHaveLength(1);
});

test('a link a service answered with a script destination and XML-illegal title: the description stays XML, and Enter shows the link in Links instead of opening it', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  // Written past the service's checks, as a service we do not control could answer.
  await service.insertLinks(apiKey, [
    { backHalf: 'hostile', destinationUrl: 'javascript:alert(1)', title: 'Hostile\uFFFE\uFFFF' },
  ]);
  const [hostile] = await linksOf(service, apiKey);
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });

  const suggestions = await worker.evaluate(() =>
    globalThis.shortLinkBackground?.onOmniboxInput('hostile'),
  );
  expect(suggestions?.map((each) => each.description)).toEqual([
    `Hostile <url>${hostile?.short_url}</url> <dim>→ javascript:alert(1)</dim>`,
  ]);

  const opened = context.waitForEvent('page');
  const entered = await worker.evaluate(
    (text) => globalThis.shortLinkBackground?.onOmniboxEntered(text, 'newForegroundTab'),
    hostile?.short_url ?? '',
  );
  expect(entered).toEqual({ action: 'shown in links', shortUrl: hostile?.short_url });
  const page = await opened;
  await expect(page.getByRole('searchbox', { name: 'Search links' })).toHaveValue(
    hostile?.short_url ?? '',
  );
  // The address keeps the section, not the search: Links reopened or reloaded starts afresh.
  // The page forgets it in an effect after the first render has filled the box.
  await expect(page).toHaveURL(`chrome-extension://${extensionId}/options.html#links`);
  await expect(row(page, hostile?.short_url ?? '')).toContainText('javascript:alert(1)');
});
