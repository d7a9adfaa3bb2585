// The popup's reuse rules, the page that is (or declares) a short link, tracking parameters, copy
// formats, the keyboard, and the mends a new user asked for, in Chromium against the real service.
import type { BrowserContext, Page } from '@playwright/test';
import {
  configure,
  expect,
  offerStored,
  screenshotBothThemes,
  seriousA11yViolations,
  test,
  withoutContract,
} from './fixtures.ts';
import { createLink, linksOf } from './links-helpers.ts';
import { keepPageAnswer, pageAnswer } from './page-answer.ts';
import { PopupPage } from './popup-page.ts';

/** Serves `html` at `url` in this browser, as a site would (the service's origin: readable). */
async function servePage(context: BrowserContext, url: string, html: string): Promise<void> {
  await context.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test.describe('the popup never makes a silent duplicate', () => {
  test('Enter shortens as soon as the popup opens, and a second Shorten makes no second link', async ({
    worker,
    service,
    apiKey,
    popupOn,
  }) => {
    const popup = await popupOn(`${service.pageOrigin}/`);

    await expect(popup.submitButton()).toHaveText('Shorten');
    await expect(popup.submitButton()).toBeFocused();
    await popup.page.keyboard.press('Enter');
    await expect(popup.shortLink()).toBeVisible();
    const shortUrl = await popup.shortLink().getAttribute('href');
    await expect(popup.page.getByRole('button', { name: 'Copy', exact: true })).toBeFocused();

    await popup.page.getByRole('button', { name: 'Shorten', exact: true }).click();
    await expect(popup.shortLink()).toHaveAttribute('href', shortUrl ?? '');
    expect(await linksOf(service, apiKey)).toHaveLength(1);
    const shortcuts = await worker.evaluate(async () =>
      (await chrome.commands.getAll()).map((command) => command.shortcut).filter(Boolean),
    );
    const footer = popup.page.locator('footer.shortcuts');
    await expect(footer).toContainText('Enter shortens, or copies the link already made');
    for (const shortcut of shortcuts) await expect(footer).toContainText(shortcut ?? '');
  });

  test('the existing link leads: its Copy has the focus, Enter copies it, and only "Make another link" makes another', async ({
    service,
    apiKey,
    popupOn,
  }) => {
    const pageUrl = `${service.pageOrigin}/`;
    const made = await createLink(service, apiKey, { destination_url: pageUrl, title: 'Before' });
    const popup = await popupOn(pageUrl);

    const already = popup.page.getByRole('region', { name: 'Already shortened' });
    await expect(already.getByRole('link')).toHaveText([made.short_url]);
    await expect(already.getByRole('button', { name: 'Copy' })).toBeFocused();
    await expect(popup.submitButton()).toHaveText('Make another link');
    await popup.page.keyboard.press('Enter');
    await expect(already.getByRole('status')).toHaveText('Copied');
    expect(await popup.readClipboard()).toBe(made.short_url);
    expect(await linksOf(service, apiKey)).toHaveLength(1);
    await screenshotBothThemes(popup.page, 'popup-reuse-existing');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);

    await popup.page.getByRole('button', { name: 'Make another link' }).click();
    await expect(popup.shortLink()).toBeVisible();
    expect(await linksOf(service, apiKey)).toHaveLength(2);
  });

  test('Enter pressed before the existing link is known still leads to it, not to a new one', async ({
    service,
    apiKey,
    popupOn,
  }) => {
    const pageUrl = `${service.pageOrigin}/`;
    const made = await createLink(service, apiKey, { destination_url: pageUrl });
    // The background's answer is held back until Enter was pressed.
    const popup = await popupOn(pageUrl, {
      beforeOpen: async (page) => {
        await page.addInitScript(() => {
          const scope = globalThis as unknown as Record<string, { runtime?: object } | undefined>;
          for (const api of new Set([scope.browser, scope.chrome])) {
            const runtime = api?.runtime as
              | { sendMessage: (message: unknown) => Promise<unknown> }
              | undefined;
            if (!runtime) continue;
            const send = runtime.sendMessage.bind(runtime);
            runtime.sendMessage = (message) =>
              new Promise((resolve) => setTimeout(() => resolve(send(message)), 1_500));
          }
        });
      },
    });
    await popup.page.keyboard.press('Enter');
    const already = popup.page.getByRole('region', { name: 'Already shortened' });
    await expect(already.getByRole('link')).toHaveText([made.short_url]);
    await expect(already.getByRole('button', { name: 'Copy' })).toBeFocused();
    await expect(popup.shortLink()).toHaveCount(0);
    expect(await linksOf(service, apiKey)).toHaveLength(1);
  });
});

/**
 * Holds every message the popup sends the background (the page's links come that way) until the
 * test calls `releaseMessages()` in the popup.
 */
async function holdMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const scope = globalThis as unknown as Record<string, unknown>;
    const released = new Promise((resolve) => {
      scope.releaseMessages = resolve;
    });
    for (const api of new Set([scope.browser, scope.chrome] as (
      | { runtime?: object }
      | undefined
    )[])) {
      const runtime = api?.runtime as
        | { sendMessage: (message: unknown) => Promise<unknown> }
        | undefined;
      if (!runtime) continue;
      const send = runtime.sendMessage.bind(runtime);
      runtime.sendMessage = (message) => released.then(() => send(message));
    }
  });
}

test.describe('link options', () => {
  test('"Link options" sets the expiry, the click limit and the address after, each checked on its field', async ({
    service,
    apiKey,
    popupOn,
  }) => {
    const popup = await popupOn(`${service.pageOrigin}/`);
    const disclosure = popup.page.getByRole('button', { name: 'Link options', exact: true });
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await disclosure.click();
    const limit = popup.page.getByLabel('Click limit', { exact: true });
    const after = popup.page.getByLabel('After it expires, go to', { exact: true });
    await limit.fill('0');
    await after.fill('ftp://example.com/');
    await popup.page.getByRole('button', { name: '7 days', exact: true }).click();
    await popup.submitButton().click();
    await expect(
      popup.page.getByText('The click limit must be a whole number from 1 to 1,000,000,000.'),
    ).toBeVisible();
    await expect(limit).toHaveValue('0');
    await expect(after).toHaveValue('ftp://example.com/');
    expect(await linksOf(service, apiKey)).toHaveLength(0);
    await screenshotBothThemes(popup.page, 'popup-link-options');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);

    await limit.fill('3');
    await after.fill('https://example.com/ended');
    await popup.submitButton().click();
    await expect(popup.shortLink()).toBeVisible();
    const [link] = (await linksOf(service, apiKey)) as { expires_at?: string }[];
    expect(link).toMatchObject({ max_clicks: 3, expired_url: 'https://example.com/ended' });
    const days = (Date.parse(link?.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
  });

  test('a password set in "Link options" makes a link that asks for it, and the form forgets it', async ({
    service,
    apiKey,
    popupOn,
  }) => {
    const popup = await popupOn(`${service.pageOrigin}/`);
    await popup.page.getByRole('button', { name: 'Link options', exact: true }).click();
    const password = popup.page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await password.fill('abc');
    await popup.submitButton().click();
    await expect(popup.page.getByText('The password must be 4 to 128 characters.')).toBeVisible();
    await expect(password).toHaveValue('abc');
    expect(await linksOf(service, apiKey)).toHaveLength(0);
    const show = popup.page.getByRole('button', { name: 'Show', exact: true });
    await show.click();
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await password.fill('open sesame');
    await popup.submitButton().click();
    await expect(popup.shortLink()).toBeVisible();
    await expect(password).toHaveValue('');
    const [link] = await linksOf(service, apiKey);
    expect(link).toMatchObject({ password_protected: true });
    expect(JSON.stringify(link)).not.toContain('open sesame');
    const visit = await fetch((await popup.shortLink().textContent()) ?? '', {
      redirect: 'manual',
    });
    expect(visit.status).toBe(200);
    expect(await visit.text()).toContain('This link is protected');
    const stored = await popup.page.evaluate(() => chrome.storage.local.get(null));
    expect(JSON.stringify(stored)).not.toContain('open sesame');

    // "Link options" stays open where it was left.
    const again = await popupOn(`${service.pageOrigin}/`);
    await expect(
      again.page.getByRole('button', { name: 'Link options', exact: true }),
    ).toHaveAttribute('aria-expanded', 'true');
  });
});

/** Makes a tag of the account through the service's API. */
async function makeTag(service: { baseUrl: string }, apiKey: string, name: string, color: string) {
  const answer = await fetch(`${service.baseUrl}/v1/tags`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, color }),
  });
  expect(answer.status).toBe(200);
}

const tagNamesOf = (link: unknown) =>
  ((link as { tags?: { name: string }[] }).tags ?? []).map((tag) => tag.name);

test.describe('tags', () => {
  test('"Tags" takes names by Enter and comma, removes them by keyboard, says a bad name, and the link has them', async ({
    service,
    apiKey,
    worker,
    popupOn,
  }) => {
    await makeTag(service, apiKey, 'Client A', 'blue');
    await configure(worker, { keepTags: true });
    const popup = await popupOn(`${service.pageOrigin}/`);
    const { page } = popup;
    const field = page.getByLabel('Tags', { exact: true });
    const chips = page.locator('.tag-chip-name');
    await field.fill('Client A');
    await field.press('Enter');
    await field.pressSequentially('Spring,');
    await expect(chips).toHaveText(['Client A', 'Spring']);
    await expect(field).toHaveValue('');
    // Backspace in the empty input takes the last chip off; a chip's own button takes it off too.
    await field.press('Backspace');
    await expect(chips).toHaveText(['Client A']);
    await page.getByRole('button', { name: 'Remove tag Client A', exact: true }).click();
    await expect(chips).toHaveCount(0);
    await expect(field).toBeFocused();

    await field.fill('to|do');
    await field.press('Enter');
    const problem = 'A tag name cannot contain a comma or a vertical bar (|): they separate tags.';
    await expect(page.getByText(problem)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('to|do');
    await field.fill('Client A, Launch, ');
    await expect(chips).toHaveText(['Client A', 'Launch']);
    await expect(page.getByText(problem)).toHaveCount(0);
    // The account's own tag shows its colour beside its name.
    await expect(page.locator('.tag-chip').first()).toHaveAttribute('data-tag-color', 'blue');
    await field.fill('Spring');
    await screenshotBothThemes(page, 'popup-tags');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The text still typed is a tag too.
    await popup.submitButton().click();
    await expect(popup.shortLink()).toBeVisible();
    await expect(chips).toHaveText(['Client A', 'Launch', 'Spring']);
    const [link] = await linksOf(service, apiKey);
    expect(tagNamesOf(link).sort()).toEqual(['Client A', 'Launch', 'Spring']);

    // "Keep the last tags for the next link": the next popup starts with them.
    const next = await popupOn(`${service.pageOrigin}/next`);
    await expect(next.page.locator('.tag-chip-name')).toHaveText(['Client A', 'Launch', 'Spring']);
  });

  test('a service whose contract has no tags shows no "Tags" field, and its links get none', async ({
    context,
    service,
    apiKey,
    worker,
    popupOn,
  }) => {
    // A service that publishes no contract: the extension offers it nothing new.
    await withoutContract(context);
    const popup = await popupOn(`${service.pageOrigin}/`);
    // The account has read what its service offers (and stored it) before the field is looked for.
    await offerStored(worker);
    await popup.submitButton().click();
    await expect(popup.shortLink()).toBeVisible();
    await expect(popup.page.getByLabel('Tags', { exact: true })).toHaveCount(0);
    const [link] = await linksOf(service, apiKey);
    expect(tagNamesOf(link)).toEqual([]);
  });
});

test.describe('the focus', () => {
  test('typing that started before the existing link arrived keeps its field and every key', async ({
    service,
    apiKey,
    popupOn,
  }) => {
    const pageUrl = `${service.pageOrigin}/`;
    await createLink(service, apiKey, { destination_url: pageUrl });
    const popup = await popupOn(pageUrl, {
      beforeOpen: holdMessages,
    });
    // The existing link arrives just as the person starts typing.
    await popup.page.evaluate(() =>
      (globalThis as unknown as { releaseMessages(): void }).releaseMessages(),
    );
    await popup.field('Back-half').click();
    await popup.field('Back-half').pressSequentially('acc-qr', { delay: 60 });
    await expect(popup.page.getByRole('region', { name: 'Already shortened' })).toBeVisible();
    await popup.field('Back-half').pressSequentially('-2', { delay: 20 });
    await expect(popup.field('Back-half')).toHaveValue('acc-qr-2');
    await expect(popup.field('Back-half')).toBeFocused();
  });

  test('a click anywhere in the popup before the existing link arrived leaves the focus alone', async ({
    service,
    apiKey,
    popupOn,
  }) => {
    const pageUrl = `${service.pageOrigin}/`;
    await createLink(service, apiKey, { destination_url: pageUrl });
    const popup = await popupOn(pageUrl, {
      beforeOpen: holdMessages,
    });
    await popup.page.getByRole('heading', { name: 'Short Link' }).click();
    await popup.page.evaluate(() =>
      (globalThis as unknown as { releaseMessages(): void }).releaseMessages(),
    );
    const already = popup.page.getByRole('region', { name: 'Already shortened' });
    await expect(already.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(already.getByRole('button', { name: 'Copy' })).not.toBeFocused();
  });
});

test.describe('the page itself', () => {
  test('a page that is a short link of the account shows that link, where it leads and its clicks', async ({
    context,
    service,
    apiKey,
    popupOn,
  }) => {
    const made = await createLink(service, apiKey, {
      destination_url: 'https://example.com/the-destination',
      back_half: 'self-page',
      title: 'The destination',
    });
    // A short link that shows a page of its own (a preview, or not redirected yet).
    await servePage(context, made.short_url, '<title>Preview</title><p>Preview</p>');
    const popup = await popupOn(made.short_url);

    const self = popup.page.getByRole('region', {
      name: 'This page is a short link of your account',
    });
    await expect(self.getByRole('link').first()).toHaveText(made.short_url);
    await expect(self).toContainText('https://example.com/the-destination');
    await expect(self.locator('dd').last()).toHaveText('0');
    await expect(self.getByRole('button', { name: 'Copy' })).toBeFocused();
    await expect(popup.field('Destination URL')).toHaveValue('');
    await screenshotBothThemes(popup.page, 'popup-page-is-short-link');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);
    expect(await linksOf(service, apiKey)).toHaveLength(1);
  });

  test('a page declaring rel=shortlink is offered its own short link', async ({
    context,
    service,
    popupOn,
  }) => {
    const pageUrl = `${service.pageOrigin}/blog/a-post`;
    await servePage(
      context,
      pageUrl,
      '<title>A post</title><link rel="shortlink" href="https://wp.me/p1a2b3-4c"><p>Post</p>',
    );
    const popup = await popupOn(pageUrl);

    const declared = popup.page.getByRole('region', { name: "The page's own short link" });
    await expect(declared.getByRole('link')).toHaveText('https://wp.me/p1a2b3-4c');
    await declared.getByRole('button', { name: 'Copy' }).click();
    expect(await popup.readClipboard()).toBe('https://wp.me/p1a2b3-4c');
    await expect(popup.field('Destination URL')).toHaveValue(pageUrl);
    await screenshotBothThemes(popup.page, 'popup-declared-shortlink');
  });

  test('a declared short link with a user name before its host is not offered', async ({
    context,
    service,
    popupOn,
  }) => {
    const pageUrl = `${service.pageOrigin}/blog/a-disguised-post`;
    await servePage(
      context,
      pageUrl,
      '<title>A post</title><link rel="shortlink" href="https://sho.rt@evil.example/x"><p>Post</p>',
    );
    const popup = await popupOn(pageUrl, {
      beforeOpen: (page) => page.addInitScript(keepPageAnswer),
    });
    // Read and answered: what the popup offers of it is drawn by now.
    expect(await popup.page.evaluate(pageAnswer)).toEqual(['https://sho.rt@evil.example/x']);
    await expect(popup.page.getByRole('region', { name: "The page's own short link" })).toHaveCount(
      0,
    );
    await expect(popup.page.getByText('evil.example')).toHaveCount(0);
  });

  test("an address of the account's short domain that is no link is said so, and not offered to shorten", async ({
    service,
    apiKey,
    popupOn,
  }) => {
    // The service's own "Link not found" page, as a redirect on an unknown back-half answers.
    const pageUrl = `http://${service.shortDomain}/no-such-link`;
    const popup = await popupOn(pageUrl);

    await expect(popup.page.getByRole('status').filter({ hasText: 'no link' })).toContainText(
      "This address is on your account's short domain, but no link of yours has it.",
    );
    await expect(popup.field('Destination URL')).toHaveValue('');
    await expect(popup.field('Title')).toHaveValue('');
    await popup.page.keyboard.press('Enter');
    await expect(popup.field('Destination URL')).toHaveAttribute('aria-invalid', 'true');
    expect(await linksOf(service, apiKey)).toHaveLength(0);
    await screenshotBothThemes(popup.page, 'popup-short-domain-no-link');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);

    await popup.shorten({ destinationUrl: 'https://example.com/typed-instead' });
    await expect(popup.shortLink()).toBeVisible();
    expect(await linksOf(service, apiKey)).toHaveLength(1);
  });

  test('Enter pressed at once on such an address makes nothing either', async ({
    service,
    apiKey,
    popupOn,
  }) => {
    const pageUrl = `http://${service.shortDomain}/no-such-link`;
    const popup = await popupOn(pageUrl);
    await popup.page.keyboard.press('Enter');
    await expect(popup.page.getByText(/no link of yours has it/)).toBeVisible();
    await expect(popup.page.getByRole('alert')).toHaveCount(0);
    expect(await linksOf(service, apiKey)).toHaveLength(0);
  });
});

test.describe('tracking parameters', () => {
  test('are removed before shortening, counted, and can be kept for this link', async ({
    service,
    apiKey,
    popupOn,
  }) => {
    const tracked = `${service.pageOrigin}/?utm_source=news&utm_medium=mail&id=3`;
    const popup = await popupOn(tracked);

    await expect(popup.field('Destination URL')).toHaveValue(`${service.pageOrigin}/?id=3`);
    await expect(popup.page.getByText('Removed 2 tracking parameters')).toBeVisible();
    await screenshotBothThemes(popup.page, 'popup-tracking-removed');
    await popup.shorten();
    await expect(popup.shortLink()).toBeVisible();
    expect((await linksOf(service, apiKey)).map((link) => link.destination_url)).toEqual([
      `${service.pageOrigin}/?id=3`,
    ]);

    const again = `${service.pageOrigin}/?utm_campaign=winter&id=4`;
    const second = await popupOn(again);
    await expect(second.page.getByText('Removed 1 tracking parameter')).toBeVisible();
    await second.page.getByRole('button', { name: 'Keep it' }).click();
    await expect(second.field('Destination URL')).toHaveValue(again);
    await expect(second.page.getByText('Tracking parameters kept for this link.')).toBeVisible();
    await second.shorten();
    await expect(second.shortLink()).toBeVisible();
    expect((await linksOf(service, apiKey)).map((link) => link.destination_url)).toContain(again);
  });

  test('stay when "Remove tracking parameters" is off', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey, removeTracking: false });
    const tracked = `${service.pageOrigin}/?utm_source=news`;
    const popup = await PopupPage.openFor(context, worker, extensionId, tracked);
    await expect(popup.field('Destination URL')).toHaveValue(tracked);
    await expect(popup.page.getByText(/tracking parameter/)).toHaveCount(0);
  });
});

test.describe('copy formats', () => {
  test('each format is one click away after a result, and reads back from the clipboard', async ({
    service,
    popupOn,
  }) => {
    const popup = await popupOn(`${service.pageOrigin}/`);
    await popup.shorten({ title: 'Tom & Jerry [1]' });
    await expect(popup.shortLink()).toBeVisible();
    const shortUrl = (await popup.shortLink().getAttribute('href')) ?? '';
    expect(await popup.readClipboard()).toBe(shortUrl);

    await popup.page.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect.poll(() => popup.readClipboard()).toBe(`[Tom & Jerry \\[1\\]](${shortUrl})`);

    await popup.page.getByRole('button', { name: 'Copy title and link' }).click();
    await expect.poll(() => popup.readClipboard()).toBe(`Tom & Jerry [1]\n${shortUrl}`);

    await popup.page.getByRole('button', { name: 'Copy as HTML' }).click();
    await expect
      .poll(() => popup.readRichClipboard())
      .toEqual({
        html: expect.stringContaining(`<a href="${shortUrl}">Tom &amp; Jerry [1]</a>`),
        text: shortUrl,
      });
    await screenshotBothThemes(popup.page, 'popup-result-copy-formats');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);
  });

  test('"Copy as" Markdown is what Copy and auto-copy give, with the plain link one click away', async ({
    context,
    worker,
    extensionId,
    service,
    apiKey,
  }) => {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey, copyAs: 'markdown' });
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    await popup.shorten({ title: 'Home' });
    await expect(popup.shortLink()).toBeVisible();
    const shortUrl = (await popup.shortLink().getAttribute('href')) ?? '';
    expect(await popup.readClipboard()).toBe(`[Home](${shortUrl})`);
    await expect(popup.page.getByRole('button', { name: 'Copy as Markdown' })).toHaveCount(0);
    await popup.page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => popup.readClipboard()).toBe(shortUrl);
  });

  test('when the clipboard refuses, the link is left selected in a box to copy by hand', async ({
    service,
    popupOn,
  }) => {
    const popup = await popupOn(`${service.pageOrigin}/`, {
      beforeOpen: (page) =>
        page.addInitScript(() => {
          const refuse = () => Promise.reject(new DOMException('Refused', 'NotAllowedError'));
          Object.defineProperty(navigator, 'clipboard', {
            value: { writeText: refuse, write: refuse },
          });
        }),
    });
    await popup.shorten();
    await expect(popup.shortLink()).toBeVisible();
    await expect(popup.page.getByText('Copied to the clipboard')).toHaveCount(0);
    const shortUrl = (await popup.shortLink().getAttribute('href')) ?? '';

    await popup.page.getByRole('button', { name: 'Copy', exact: true }).click();
    const byHand = popup.page.getByRole('textbox', { name: /did not let Short Link copy/ });
    await expect(byHand).toHaveValue(shortUrl);
    await expect(byHand).toBeFocused();
    expect(
      await byHand.evaluate((box: HTMLTextAreaElement) => [box.selectionStart, box.selectionEnd]),
    ).toEqual([0, shortUrl.length]);
    await screenshotBothThemes(popup.page, 'popup-copy-by-hand');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);
  });
});

test.describe('mends', () => {
  test('a bare host gets https:// as in the address bar, and text that is no address is told so', async ({
    service,
    apiKey,
    popupOn,
  }) => {
    const popup = await popupOn(`${service.pageOrigin}/`);

    await popup.shorten({ destinationUrl: 'not a url', title: 'Kept' });
    await expect(
      popup.page.getByText(
        'This is not a web address. Type one such as \u2066https://example.com/page\u2069.',
      ),
    ).toBeVisible();
    await expect(popup.field('Destination URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(popup.field('Title')).toHaveValue('Kept');

    await popup.shorten({ destinationUrl: 'example.com/foo' });
    await expect(popup.shortLink()).toBeVisible();
    await expect(popup.field('Destination URL')).toHaveValue('https://example.com/foo');
    expect((await linksOf(service, apiKey)).map((link) => link.destination_url)).toEqual([
      'https://example.com/foo',
    ]);
  });

  test("another destination typed drops the page's title, and a title typed stays", async ({
    context,
    service,
    apiKey,
    popupOn,
  }) => {
    const pageUrl = `${service.pageOrigin}/first-page`;
    await servePage(context, pageUrl, '<title>The first page</title><p>First</p>');
    const popup = await popupOn(pageUrl);
    await expect(popup.field('Title')).toHaveValue('The first page');

    await popup.field('Destination URL').fill('https://example.com/another');
    await expect(popup.field('Title')).toHaveValue('');
    await popup.field('Destination URL').fill(pageUrl);
    await expect(popup.field('Title')).toHaveValue('The first page');
    await popup.shorten({ destinationUrl: 'https://example.com/another' });
    await expect(popup.shortLink()).toBeVisible();
    expect((await linksOf(service, apiKey))[0]).toMatchObject({
      destination_url: 'https://example.com/another',
      title: '',
    });

    await popup.shorten({ title: 'Mine', destinationUrl: 'https://example.com/a-third' });
    await popup.field('Destination URL').fill('https://example.com/a-fourth');
    await expect(popup.field('Title')).toHaveValue('Mine');
  });

  test('a new attempt clears the last result: a failure never shows under an old link', async ({
    service,
    apiKey,
    popupOn,
  }) => {
    await createLink(service, apiKey, {
      destination_url: 'https://example.com/x',
      back_half: 'taken-one',
    });
    const popup = await popupOn(`${service.pageOrigin}/`);
    await popup.shorten();
    await expect(popup.page.getByText('Copied to the clipboard')).toBeVisible();

    await popup.shorten({ destinationUrl: 'ftp://example.com/file' });
    await expect(popup.field('Destination URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(popup.shortLink()).toHaveCount(0);
    await expect(popup.page.getByText('Copied to the clipboard')).toHaveCount(0);

    await popup.shorten({ destinationUrl: `${service.pageOrigin}/` });
    await expect(popup.shortLink()).toBeVisible();
    await popup.shorten({ destinationUrl: 'https://example.com/y', backHalf: 'taken-one' });
    await expect(popup.field('Back-half')).toHaveAttribute('aria-invalid', 'true');
    await expect(popup.shortLink()).toHaveCount(0);
    await expect(popup.page.getByText('Copied to the clipboard')).toHaveCount(0);
  });

  test('the chosen domain reads whole at 360 px, its host first', async ({
    context,
    worker,
    extensionId,
    service,
    account,
  }) => {
    await service.addDomain(account.email, 'links.a-brand-name.example.org');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
    const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
    const domain = popup.field('Domain');
    await expect(domain.locator('option')).toHaveText([
      `\u2066${service.shortDomain}\u2069 (default)`,
      'links.a-brand-name.example.org',
    ]);
    // The chosen option's text against the room the select gives it (its arrow takes about 20 px).
    const spare = () =>
      domain.evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context2d = document.createElement('canvas').getContext('2d');
        if (!context2d) throw new Error('no canvas');
        context2d.font = style.font;
        const text = select.selectedOptions[0]?.text ?? '';
        const room =
          select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return room - context2d.measureText(text).width;
      });
    expect(await spare()).toBeGreaterThanOrEqual(0);
    await domain.selectOption('links.a-brand-name.example.org');
    expect(await spare()).toBeGreaterThanOrEqual(0);
    expect(await popup.scrollsSideways()).toBe(false);
    await screenshotBothThemes(popup.page, 'popup-domain-360');
  });

  test('a title over 255 characters is cut on a word in the field, and shortens', async ({
    context,
    service,
    apiKey,
    popupOn,
  }) => {
    const pageUrl = `${service.pageOrigin}/a-long-title`;
    const longTitle = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    await servePage(context, pageUrl, `<title>${longTitle}</title><p>Long</p>`);
    const popup = await popupOn(pageUrl);

    const title = await popup.field('Title').inputValue();
    expect([...title].length).toBeLessThanOrEqual(255);
    expect(title).toMatch(/ word\d+…$/);
    expect(longTitle.startsWith(title.slice(0, -1))).toBe(true);
    await popup.shorten();
    await expect(popup.shortLink()).toBeVisible();
    expect((await linksOf(service, apiKey))[0]?.title).toBe(title);
  });

  test('"Already shortened" rows keep Copy in one column, and "Copied" moves nothing', async ({
    service,
    apiKey,
    popupOn,
  }) => {
    const pageUrl = `${service.pageOrigin}/`;
    await createLink(service, apiKey, { destination_url: pageUrl, back_half: 'a' });
    await createLink(service, apiKey, { destination_url: pageUrl, back_half: 'b'.repeat(64) });
    const popup = await popupOn(pageUrl);

    const buttons = popup.page
      .getByRole('region', { name: 'Already shortened' })
      .getByRole('button', { name: 'Copy' });
    await expect(buttons).toHaveCount(2);
    const before = await Promise.all([0, 1].map((i) => buttons.nth(i).boundingBox()));
    expect(before[0]?.x).toBe(before[1]?.x);
    await buttons.nth(1).click();
    await expect(popup.page.getByText('Copied', { exact: true })).toBeVisible();
    const after = await Promise.all([0, 1].map((i) => buttons.nth(i).boundingBox()));
    expect(after).toEqual(before);
    expect(await popup.scrollsSideways()).toBe(false);
    // Copy ends where the form ends.
    const form = await popup.submitButton().boundingBox();
    const right = (box: { x: number; width: number } | null | undefined) =>
      box ? box.x + box.width : NaN;
    expect(Math.abs(right(after[0]) - right(form))).toBeLessThanOrEqual(1);
    await screenshotBothThemes(popup.page, 'popup-existing-copied');
  });

  test('"Copied" in the result moves neither Copy nor "QR code"', async ({ service, popupOn }) => {
    const popup = await popupOn(`${service.pageOrigin}/`);
    await popup.shorten();
    await expect(popup.shortLink()).toBeVisible();
    const result = popup.page.getByRole('region', { name: 'Short link' });
    const copy = result.getByRole('button', { name: 'Copy', exact: true });
    const qr = result.getByRole('button', { name: 'QR code' });
    const before = [await copy.boundingBox(), await qr.boundingBox()];
    await copy.click();
    await expect(result.getByText('Copied', { exact: true })).toBeVisible();
    expect([await copy.boundingBox(), await qr.boundingBox()]).toEqual(before);
    await screenshotBothThemes(popup.page, 'popup-result-copied');
    expect(await seriousA11yViolations(popup.page)).toEqual([]);
  });

  for (const viewport of [
    { width: 360, height: 560 },
    { width: 375, height: 510 },
    { width: 800, height: 600 },
  ]) {
    test(`the result with its QR code fits ${viewport.width}×${viewport.height} without a sideways scrollbar, downloads in view`, async ({
      context,
      worker,
      extensionId,
      service,
      account,
    }) => {
      const domain = `a-rather-long-custom-domain-name-${viewport.width}.localhost`;
      await service.addDomain(account.email, domain);
      await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
      const popup = await PopupPage.openFor(
        context,
        worker,
        extensionId,
        `${service.pageOrigin}/`,
        {
          viewport,
        },
      );
      await popup.shorten({
        backHalf: 'a-back-half-that-is-quite-long-for-a-popup-0123456789',
        domain,
      });
      await expect(popup.shortLink()).toBeVisible();
      await popup.page.getByRole('button', { name: 'QR code' }).click();
      await expect(popup.page.getByRole('link', { name: 'Download PNG' })).toBeInViewport();
      await expect(popup.page.getByRole('link', { name: 'Download SVG' })).toBeInViewport();
      expect(await popup.scrollsSideways()).toBe(false);
      if (viewport.width === 375) await screenshotBothThemes(popup.page, 'popup-result-375x510');
    });
  }

  test('titles in right-to-left scripts follow their own direction', async ({
    context,
    service,
    popupOn,
  }) => {
    const pageUrl = `${service.pageOrigin}/rtl`;
    await servePage(context, pageUrl, '<title>مرحبا بالعالم</title><p>rtl</p>');
    const popup = await popupOn(pageUrl);
    await expect(popup.field('Title')).toHaveValue('مرحبا بالعالم');
    await expect(popup.field('Title')).toHaveAttribute('dir', 'auto');
    // An address and a back-half read left to right whatever the language around them.
    for (const name of ['Destination URL', 'Back-half'] as const) {
      await expect(popup.field(name)).toHaveAttribute('dir', 'ltr');
    }
    expect(await popup.field('Title').evaluate((input) => getComputedStyle(input).direction)).toBe(
      'rtl',
    );
    await screenshotBothThemes(popup.page, 'popup-rtl-title');
  });
});
