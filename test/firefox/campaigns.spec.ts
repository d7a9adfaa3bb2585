// Campaigns in Firefox against the real service: "UTM parameters" and their presets, one link per
// channel, and the QR view's brand colours and logo, each accepted choice decoded with jsQR.
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import type { ElementHandle, Page } from 'puppeteer-core';
import { expect, test } from './fixtures.ts';
import { attributeOf, button, byRole, fill, inputValue, textOf } from './page-helpers.ts';
import { PopupPage } from './popup-page.ts';

const textbox = (name: string) => byRole('textbox', name);
const NO_UTM = { source: '', medium: '', campaign: '', term: '', content: '' };

async function openUtm(popup: PopupPage) {
  await popup.page.locator(button('UTM parameters')).click();
  await popup.page.locator(textbox('Source')).wait();
}

/** Sets an input's value as a person's choice would (a colour picker has no keyboard entry). */
async function choose(page: Page, selector: string, value: string) {
  await page.$eval(
    selector,
    (input, chosen) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, chosen);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

/** The image at `url` as Firefox draws it, read by jsQR. */
async function decode(page: Page, url: string) {
  const pixels = await page.evaluate(async (source) => {
    const image = new Image();
    image.src = source;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000) {
      binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    }
    return { width: canvas.width, height: canvas.height, base64: btoa(binary) };
  }, url);
  const data = new Uint8ClampedArray(Buffer.from(pixels.base64, 'base64'));
  return jsQR(data, pixels.width, pixels.height)?.data;
}

test('UTM parameters are added after the trackers are removed, a preset fills them, and one link per channel makes one link each', async ({
  extension,
  service,
  account,
}) => {
  await extension.configure({ apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
  await extension.evaluate((campaigns) => browser.storage.local.set({ campaigns }), {
    utmPresets: [
      { name: 'Newsletter', values: { ...NO_UTM, source: 'newsletter', medium: 'email' } },
      { name: 'Mastodon', values: { ...NO_UTM, source: 'mastodon', medium: 'social' } },
    ],
  });
  const page = `${service.pageOrigin}/?utm_source=ad&id=3`;
  const popup = await PopupPage.openFor(extension, page);
  await expect.poll(() => popup.value('Destination URL')).toBe(`${service.pageOrigin}/?id=3`);
  await openUtm(popup);
  await fill(popup.page, textbox('Source'), 'mine & yours');
  await fill(popup.page, textbox('Campaign'), 'весна');
  const tagged = `${service.pageOrigin}/?id=3&utm_source=mine%20%26%20yours&utm_campaign=%D0%B2%D0%B5%D1%81%D0%BD%D0%B0`;
  await expect.poll(() => textOf(popup.page, '.utm-preview output')).toBe(tagged);
  await choose(popup.page, '#utm-term', 'x'.repeat(256));
  await expect
    .poll(() => textOf(popup.page, '#utm-term-error'))
    .toBe('Term is too long: at most 255 characters.');
  await choose(popup.page, '#utm-term', '');
  await extension.screenshotBothThemes(popup.page, 'popup-utm-parameters');
  expect(await extension.seriousA11yViolations(popup.page)).toEqual([]);
  await popup.page.locator(button('Shorten')).click();
  await popup.shortLink();
  expect((await service.storedLinks(account.apiKey)).map((link) => link.destinationUrl)).toEqual([
    tagged,
  ]);

  const again = await PopupPage.openFor(extension, `${service.pageOrigin}/?id=4`);
  await openUtm(again);
  await again.page.select(byRole('combobox', 'Preset'), 'Mastodon');
  await expect.poll(() => inputValue(again.page, textbox('Source'))).toBe('mastodon');
  await again.page.locator(byRole('checkbox', 'Newsletter')).click();
  await again.page.locator(byRole('checkbox', 'Mastodon')).click();
  await again.page.locator(button('Make 2 links')).click();
  await expect.poll(async () => (await again.page.$$('.channels .tab-links li')).length).toBe(2);
  const destinations = (await service.storedLinks(account.apiKey))
    .map((link) => link.destinationUrl)
    .filter((url) => url.includes('id=4'))
    .sort();
  expect(destinations).toEqual([
    `${service.pageOrigin}/?id=4&utm_source=mastodon&utm_medium=social`,
    `${service.pageOrigin}/?id=4&utm_source=newsletter&utm_medium=email`,
  ]);
  await extension.screenshotBothThemes(again.page, 'popup-utm-channels');
  expect(await extension.seriousA11yViolations(again.page)).toEqual([]);
});

test('the QR view takes brand colours and a logo, refuses a pair that would not scan, and both downloads scan', async ({
  extension,
  service,
  account,
}) => {
  await extension.configure({ apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
  const popup = await PopupPage.openFor(extension, `${service.pageOrigin}/`);
  await popup.page.locator(button('Shorten')).click();
  const shortUrl = await popup.shortLink();
  await popup.page.locator(button('QR code')).click();
  const page = popup.page;
  await page.locator('#qr-dark').wait();
  await choose(page, '#qr-dark', '#2355d8');
  await choose(page, '#qr-light', '#fff8e1');
  await choose(page, '#qr-dark', '#ffd700');
  await expect.poll(() => textOf(page, '#qr-colours-error')).toMatch(/too close for scanners/);
  expect(await attributeOf(page, '#qr-dark', 'aria-invalid')).toBe('true');
  await choose(page, '#qr-dark', '#2355d8');
  const input = (await page.$('#qr-logo')) as ElementHandle<HTMLInputElement> | null;
  await input?.uploadFile(new URL('../../public/icon/128.png', import.meta.url).pathname);
  await expect.poll(() => inputValue(page, '#qr-correction')).toBe('H');
  const href = (name: string) =>
    attributeOf(page, `::-p-aria([name="${name}"][role="link"])`, 'href');
  await expect.poll(async () => (await href('Download SVG')) ?? '').toContain('image%20href');
  await expect.poll(async () => (await href('Download PNG')) ?? '').toMatch(/^data:image\/png/);
  // Our service counts scans: the code carries its marker.
  expect(await decode(page, (await href('Download PNG')) ?? '')).toBe(`${shortUrl}?qr=1`);
  expect(await decode(page, (await href('Download SVG')) ?? '')).toBe(`${shortUrl}?qr=1`);
  expect(decodeURIComponent((await href('Download SVG')) ?? '')).toContain('fill="#2355d8"');
  await extension.screenshotBothThemes(page, 'popup-qr-styled');
  expect(await extension.seriousA11yViolations(page)).toEqual([]);
});

test("the QR view draws the site's icon as its logo, and both downloads scan", async ({
  extension,
  service,
  account,
}) => {
  await extension.configure({ apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
  const pageUrl = `${service.pageOrigin}/`;
  const popup = await PopupPage.openFor(extension, pageUrl);
  // The page names its icon as a site does (the service serves no image of its own).
  const icon = `data:image/png;base64,${readFileSync(new URL('../../public/icon/128.png', import.meta.url)).toString('base64')}`;
  await popup.target.evaluate((href) => {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = href;
    document.head.append(link);
  }, icon);
  const tabId = await extension.tabIdOf(pageUrl);
  // Firefox hands the icon over as a data URL of its own drawing.
  const favIconUrl = () =>
    extension.evaluate(async (id) => (await browser.tabs.get(id)).favIconUrl ?? '', tabId);
  await expect.poll(favIconUrl).toMatch(/^data:image\//);
  const shownIcon = await favIconUrl();
  // A popup opened now reads the tab with its icon.
  const page = await extension.openPage(`popup.html?tab=${tabId}`, {
    viewport: { width: 360, height: 560 },
  });
  await page.locator('main[data-ready="true"]').wait();
  await page.locator(button('Shorten')).click();
  const shortUrl = await page
    .locator('.result .short-url a')
    .map((link) => link.textContent ?? '')
    .wait();
  await page.locator(button('QR code')).click();
  await page.locator(button("Use the site's icon")).click();
  await expect.poll(() => inputValue(page, '#qr-correction')).toBe('H');
  const href = (name: string) =>
    attributeOf(page, `::-p-aria([name="${name}"][role="link"])`, 'href');
  await expect
    .poll(async () => decodeURIComponent((await href('Download SVG')) ?? ''))
    .toContain(`<image href="${shownIcon}"`);
  await expect.poll(async () => (await href('Download PNG')) ?? '').toMatch(/^data:image\/png/);
  // Our service counts scans: the code carries its marker.
  expect(await decode(page, (await href('Download PNG')) ?? '')).toBe(`${shortUrl}?qr=1`);
  expect(await decode(page, (await href('Download SVG')) ?? '')).toBe(`${shortUrl}?qr=1`);
});
