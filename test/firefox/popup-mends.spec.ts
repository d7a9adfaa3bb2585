// The popup's first-minute mends (issue 21) in Firefox against the real service: the focus that
// waits for the person, the page's title that goes with the page's address, a failure that
// replaces the last result, "Copied" that moves nothing, a declared short link with a user name,
// and an address of the account's short domain that is no link.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { createLink } from '../e2e/links-helpers.ts';
import { startTestService } from '../support/test-service.ts';
import { expect, test } from './fixtures.ts';
import { button, byRole, fill, isShown, textOf } from './page-helpers.ts';
import { PopupPage } from './popup-page.ts';

/** A site of its own on localhost (readable by the add-on), serving `html` at every address. */
async function serveSite(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/a-post`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A service whose answers with an account's links wait until `release()`: the popup learns the
 * page's links only then.
 */
async function serviceHoldingLinks() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const service = await startTestService({
    wrapStorage: (store) =>
      new Proxy(store, {
        get(target, property, receiver) {
          if (property === 'eachLinkOf') {
            return async function* (accountId: number) {
              await gate;
              yield* target.eachLinkOf(accountId);
            };
          }
          return Reflect.get(target, property, receiver);
        },
      }),
  });
  return { service, release };
}

const focusedText = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return `${active?.tagName} ${active?.id || active?.textContent}`;
  });

const ALREADY = byRole('region', 'Already shortened');

test.describe('the popup in Firefox, mended', () => {
  test('typing that started before the existing link arrived keeps its field and every key', async ({
    extension,
  }) => {
    const { service, release } = await serviceHoldingLinks();
    try {
      const apiKey = await service.createAccount('ff-focus@example.com');
      const pageUrl = `${service.baseUrl}/`;
      await createLink(service, apiKey, { destination_url: pageUrl });
      await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
      const popup = await PopupPage.openFor(extension, pageUrl);
      release();
      // The link is known (the button says so) and drawn a moment later: the person starts then.
      await popup.page.waitForFunction(
        () =>
          document.querySelector('form button[type="submit"]')?.textContent === 'Make another link',
        { polling: 'mutation' },
      );
      await popup.page.locator(PopupPage.field('Back-half')).click();
      await popup.page.keyboard.type('acc-qr', { delay: 60 });
      await popup.page.locator(ALREADY).wait();
      await popup.page.keyboard.type('-2', { delay: 20 });
      expect(await popup.value('Back-half')).toBe('acc-qr-2');
      expect(await focusedText(popup.page)).toBe('INPUT backHalf');
    } finally {
      release();
      await service.stop();
    }
  });

  test("another destination drops the page's title, and a title typed stays", async ({
    extension,
    service,
    apiKey,
  }) => {
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const pageUrl = `${service.baseUrl}/`;
    const popup = await PopupPage.openFor(extension, pageUrl);
    expect(await popup.value('Title')).toBe('Short links');
    await fill(popup.page, PopupPage.field('Destination URL'), 'https://example.com/another');
    expect(await popup.value('Title')).toBe('');
    await popup.shorten();
    await popup.shortLink();
    expect(await service.storedLinks(apiKey)).toMatchObject([
      { destinationUrl: 'https://example.com/another', title: '' },
    ]);
    await popup.shorten({ title: 'Mine', destinationUrl: 'https://example.com/a-third' });
    expect(await popup.value('Title')).toBe('Mine');
  });

  test('a new attempt clears the last result, and "Copied" moves neither Copy nor "QR code"', async ({
    extension,
    service,
    apiKey,
  }) => {
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    await popup.shorten();
    await popup.shortLink();
    const box = async (name: string) =>
      (await popup.page.$(`.result ${button(name)}`))?.boundingBox();
    const before = [await box('Copy'), await box('QR code')];
    await popup.page.locator(`.result ${button('Copy')}`).click();
    await popup.page.locator('.result-actions ::-p-text(Copied)').wait();
    expect([await box('Copy'), await box('QR code')]).toEqual(before);

    await popup.shorten({ destinationUrl: 'ftp://example.com/file' });
    expect(await popup.invalid('Destination URL')).toBe('true');
    expect(await isShown(popup.page, '.result')).toBe(false);
    expect(await isShown(popup.page, '::-p-text(Copied to the clipboard)')).toBe(false);
  });

  test('the existing link\'s Copy reaches the form\'s edge, and "Copied" moves it not', async ({
    extension,
    service,
    apiKey,
  }) => {
    const pageUrl = `${service.baseUrl}/`;
    await createLink(service, apiKey, { destination_url: pageUrl });
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(extension, pageUrl);
    const copy = `${ALREADY} ${button('Copy')}`;
    await popup.page.locator(copy).wait();
    const right = async (selector: string) => {
      const box = await (await popup.page.$(selector))?.boundingBox();
      return box ? box.x + box.width : Number.NaN;
    };
    expect(
      Math.abs((await right(copy)) - (await right('form button[type="submit"]'))),
    ).toBeLessThanOrEqual(1);
    const before = await (await popup.page.$(copy))?.boundingBox();
    await popup.page.locator(copy).click();
    await popup.page.locator('.existing ::-p-text(Copied)').wait();
    expect(await (await popup.page.$(copy))?.boundingBox()).toEqual(before);
    await extension.screenshotBothThemes(popup.page, 'popup-existing-copied');
    expect(await extension.seriousA11yViolations(popup.page)).toEqual([]);
  });

  test('the chosen domain reads whole at 360 px, its host first', async ({
    extension,
    service,
    account,
  }) => {
    await service.addDomain(account.email, 'links.a-brand-name.example.org');
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
    const popup = await PopupPage.openFor(extension, `${service.baseUrl}/`);
    const domain = PopupPage.field('Domain');
    await expect
      .poll(() =>
        popup.page.$$eval(`${domain} option`, (options) => options.map((o) => o.textContent)),
      )
      .toEqual([`\u2066${service.shortDomain}\u2069 (default)`, 'links.a-brand-name.example.org']);
    // The chosen option's text against the room the select gives it (Firefox's arrow takes about 16 px).
    const spare = () =>
      popup.page.$eval(domain, (element) => {
        const select = element as HTMLSelectElement;
        const style = getComputedStyle(select);
        const context2d = document.createElement('canvas').getContext('2d');
        if (!context2d) throw new Error('no canvas');
        context2d.font = style.font;
        const text = select.selectedOptions[0]?.text ?? '';
        const room =
          select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        return room - context2d.measureText(text).width;
      });
    expect(await spare()).toBeGreaterThanOrEqual(0);
    // Firefox sizes a select by its chosen option: a longer one takes the Domain to its own row.
    await popup.page.select(domain, 'links.a-brand-name.example.org');
    expect(await spare()).toBeGreaterThanOrEqual(0);
    await extension.screenshotBothThemes(popup.page, 'popup-domain-360');
  });

  test('a declared short link with a user name before its host is not offered', async ({
    extension,
    service,
    apiKey,
  }) => {
    const site = await serveSite(
      '<title>A post</title><link rel="shortlink" href="https://sho.rt@evil.example/x"><p>Post</p>',
    );
    try {
      await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
      const popup = await PopupPage.openFor(extension, site.url);
      await popup.page.locator('footer.shortcuts').wait();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await isShown(popup.page, byRole('region', "The page's own short link"))).toBe(false);
      expect(await textOf(popup.page, 'main')).not.toContain('evil.example');
    } finally {
      await site.close();
    }
  });

  test("an address of the account's short domain that is no link is said so, and not offered to shorten", async ({
    extension,
    service,
    apiKey,
  }) => {
    await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
    const popup = await PopupPage.openFor(extension, `http://${service.shortDomain}/no-such-link`);
    await popup.page.locator('::-p-text(no link of yours has it)').wait();
    expect(await popup.value('Destination URL')).toBe('');
    await popup.page.locator(button('Shorten')).click();
    await expect.poll(() => popup.invalid('Destination URL')).toBe('true');
    expect(await service.storedLinks(apiKey)).toEqual([]);
    await extension.screenshotBothThemes(popup.page, 'popup-short-domain-no-link');
    expect(await extension.seriousA11yViolations(popup.page)).toEqual([]);
  });
});
