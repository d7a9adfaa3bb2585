// The QR view people print from, in Chromium against the real service: colours, error correction,
// margin, size and logo; every accepted choice decoded from the drawn PNG and SVG with jsQR.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import {
  configure,
  expect,
  openOptions,
  screenshotBothThemes,
  seriousA11yViolations,
  test,
} from './fixtures.ts';
import { createLink, row } from './links-helpers.ts';
import { PopupPage } from './popup-page.ts';

const LOGO = readFileSync(new URL('../../public/icon/128.png', import.meta.url));

/** The image at `url` as the page draws it, read by jsQR: the text it holds, or undefined. */
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
  return { text: jsQR(data, pixels.width, pixels.height)?.data, width: pixels.width };
}

/**
 * What the codes hold against the real service, whose contract says it counts scans: the short URL
 * with the scan marker. The text shown and copied stays the short URL alone.
 */
const scanUrlOf = (shortUrl: string) => `${shortUrl}?qr=1`;

/** Both downloads of a QR view decoded, and the SVG's source. */
async function downloads(page: Page, view: Locator) {
  const png = view.getByRole('link', { name: 'Download PNG' });
  const svg = view.getByRole('link', { name: 'Download SVG' });
  const pngUrl = (await png.getAttribute('href')) ?? '';
  const svgUrl = (await svg.getAttribute('href')) ?? '';
  return {
    png: await decode(page, pngUrl),
    svg: await decode(page, svgUrl),
    svgSource: decodeURIComponent(svgUrl.replace(/^data:[^,]*,/, '')),
  };
}

test('the QR view takes brand colours, correction, margin, size and a logo, refuses what would not scan, and every accepted choice scans', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  test.setTimeout(120_000);
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
  await popup.shorten();
  const shortUrl = (await popup.shortLink().getAttribute('href')) ?? '';
  await popup.page.getByRole('button', { name: 'QR code' }).click();
  const page = popup.page;
  const view = page.locator('.qr-view');
  const field = (name: string) => view.getByLabel(name, { exact: true });
  expect((await downloads(page, view)).png.text).toBe(scanUrlOf(shortUrl));

  await field('QR colour').fill('#2355d8');
  await field('Background').fill('#fff8e1');
  await field('Error correction').selectOption('Q');
  await field('Margin').fill('2');
  await field('Size').fill('320');
  await expect(view.getByRole('link', { name: 'Download PNG' })).toHaveAttribute(
    'href',
    /^data:image\/png/,
  );
  let drawn = await downloads(page, view);
  expect(drawn.png).toEqual({ text: scanUrlOf(shortUrl), width: 320 });
  expect(drawn.svg).toEqual({ text: scanUrlOf(shortUrl), width: 320 });
  expect(drawn.svgSource).toContain('fill="#2355d8"');
  expect(drawn.svgSource).toContain('fill="#fff8e1"');

  // Refused: the code keeps its last readable colours.
  await field('QR colour').fill('#ffd700');
  await expect(view.getByRole('alert')).toHaveText(
    'These colours are too close for scanners to read (contrast 1.3:1, at least 4:1 is needed): make the QR colour darker or the background lighter.',
  );
  await expect(field('QR colour')).toHaveAttribute('aria-invalid', 'true');
  await field('QR colour').fill('#fffdf5');
  await expect(view.getByRole('alert')).toHaveText(/must be darker than the background/);
  expect((await downloads(page, view)).svgSource).toContain('fill="#2355d8"');
  await field('QR colour').fill('#5a4300');
  await expect(view.getByRole('alert')).toHaveCount(0);
  drawn = await downloads(page, view);
  expect(drawn.png.text).toBe(scanUrlOf(shortUrl));
  expect(drawn.svgSource).toContain('fill="#5a4300"');
  await field('Margin').fill('40');
  await expect(field('Margin')).toHaveAccessibleDescription(
    'The margin must be a whole number of modules from 0 to 16.',
  );
  await field('Margin').fill('0');
  expect((await downloads(page, view)).png.text).toBe(scanUrlOf(shortUrl));
  await field('Margin').fill('4');

  // A logo: correction raised to H, and both downloads still scan.
  await field('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await expect(field('Error correction')).toHaveValue('H');
  await expect(field('Error correction')).toBeDisabled();
  await expect(
    view.getByRole('img', { name: `QR code for \u2066${shortUrl}\u2069` }).locator('image'),
  ).toHaveCount(1);
  drawn = await downloads(page, view);
  expect(drawn.png.text).toBe(scanUrlOf(shortUrl));
  expect(drawn.svg.text).toBe(scanUrlOf(shortUrl));
  expect(drawn.svgSource).toContain('<image href="data:image/png;base64,');
  await screenshotBothThemes(page, 'popup-qr-styled', view);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Logos refused in one sentence each; the one chosen stays.
  const logoError = view.locator('#qr-logo-error');
  await field('Logo').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(logoError).toHaveText(
    'The logo must be an image file: PNG, JPEG, GIF, WebP or SVG.',
  );
  await field('Logo').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a png'),
  });
  await expect(logoError).toHaveText(
    'The logo must be an image file: PNG, JPEG, GIF, WebP or SVG.',
  );
  await field('Logo').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([LOGO, Buffer.alloc(1024 * 1024)]),
  });
  await expect(logoError).toHaveText('The logo is too large: at most 1 MB.');
  expect((await downloads(page, view)).svgSource).toContain('<image href="data:image/png;base64,');

  // Remembered for the account: the Links details pane draws the same.
  const link = await createLink(service, apiKey, {
    destination_url: `${service.pageOrigin}/other`,
    title: 'Other',
  });
  const options = await openOptions(context, extensionId, 'links');
  await row(options, link.short_url).getByRole('button', { name: 'Other' }).click();
  const pane = options.getByRole('dialog', { name: 'Other' });
  const paneView = pane.locator('.qr-view');
  await expect(paneView.getByLabel('QR colour', { exact: true })).toHaveValue('#5a4300');
  await expect(paneView.getByLabel('Error correction', { exact: true })).toHaveValue('H');
  await expect(paneView.getByRole('link', { name: 'Download PNG' })).toHaveAttribute(
    'href',
    /^data:image\/png/,
  );
  const inPane = await downloads(options, paneView);
  expect(inPane.png).toEqual({ text: scanUrlOf(link.short_url), width: 320 });
  expect(inPane.svg.text).toBe(scanUrlOf(link.short_url));
  await screenshotBothThemes(options, 'options-links-details-qr', pane);
  expect(await seriousA11yViolations(options)).toEqual([]);
});

test('every colour pair the view accepts at the edge of its contrast rule scans', async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const popup = await PopupPage.openFor(context, worker, extensionId, `${service.pageOrigin}/`);
  await popup.shorten();
  const shortUrl = (await popup.shortLink().getAttribute('href')) ?? '';
  await popup.page.getByRole('button', { name: 'QR code' }).click();
  const view = popup.page.locator('.qr-view');
  // Each just over 4:1, the rule's edge: a grey and brand hues.
  for (const [dark, light] of [
    ['#767676', '#ffffff'],
    ['#d9480f', '#ffffff'],
    ['#2b8a3e', '#ffffff'],
    ['#0077b6', '#ffffff'],
  ] as const) {
    await view.getByLabel('QR colour', { exact: true }).fill(dark);
    await view.getByLabel('Background', { exact: true }).fill(light);
    await expect(view.getByRole('alert')).toHaveCount(0);
    const drawn = await downloads(popup.page, view);
    expect(drawn.svgSource, `${dark} on ${light}`).toContain(`fill="${dark}"`);
    expect(drawn.png.text, `${dark} on ${light}`).toBe(scanUrlOf(shortUrl));
    expect(drawn.svg.text, `${dark} on ${light}`).toBe(scanUrlOf(shortUrl));
  }
});

test("a Links row's QR dialog draws and remembers the account's style, as the details pane does", async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  const link = await createLink(service, apiKey, {
    destination_url: `${service.pageOrigin}/row-qr`,
    title: 'Row QR',
  });
  const options = await openOptions(context, extensionId, 'links');
  const openDialog = async () => {
    await row(options, link.short_url).getByRole('button', { name: 'QR code' }).click();
    return options.getByRole('dialog', { name: `QR code for \u2066${link.short_url}\u2069` });
  };
  let dialog = await openDialog();
  await dialog.getByLabel('QR colour', { exact: true }).fill('#2355d8');
  await expect(dialog.getByRole('link', { name: 'Download PNG' })).toHaveAttribute(
    'href',
    /^data:image\/png/,
  );
  const drawn = await downloads(options, dialog.locator('.qr-view'));
  expect(drawn.png.text).toBe(scanUrlOf(link.short_url));
  expect(drawn.svgSource).toContain('fill="#2355d8"');
  // A scan through the code is a click the service counts as a QR scan too.
  const scan = await fetch(drawn.png.text ?? '', { redirect: 'manual' });
  expect(scan.status).toBe(302);
  expect(scan.headers.get('location')).toBe(`${service.pageOrigin}/row-qr`);
  const statsUrl = `${service.baseUrl}/v1/links/${link.short_url.replace(/^https?:\/\//, '')}/stats`;
  await expect
    .poll(async () => {
      const answer = await fetch(statsUrl, { headers: { authorization: `Bearer ${apiKey}` } });
      const { stats } = (await answer.json()) as { stats: { qr_scans: number } };
      return stats.qr_scans;
    })
    .toBe(1);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await options.reload();
  dialog = await openDialog();
  await expect(dialog.getByLabel('QR colour', { exact: true })).toHaveValue('#2355d8');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await row(options, link.short_url).getByRole('button', { name: 'Row QR' }).click();
  await expect(
    options.getByRole('dialog', { name: 'Row QR' }).getByLabel('QR colour', { exact: true }),
  ).toHaveValue('#2355d8');
});

test("the popup's QR view draws the site's icon as its logo, and says so when a page has none", async ({
  context,
  worker,
  extensionId,
  service,
  apiKey,
}) => {
  await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
  // A page on the service's origin that names its icon, as a site does.
  const pageUrl = `${service.pageOrigin}/with-icon`;
  await context.route(pageUrl, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>With icon</title><link rel="icon" href="/site-icon.png"><p>Hello</p>',
    }),
  );
  await context.route(`${service.pageOrigin}/site-icon.png`, (route) =>
    route.fulfill({ contentType: 'image/png', body: LOGO }),
  );
  const iconUrl = `${service.pageOrigin}/site-icon.png`;
  const target = await context.newPage();
  await target.goto(pageUrl);
  await expect
    .poll(() =>
      worker.evaluate(
        async (url) => (await chrome.tabs.query({})).find((tab) => tab.url === url)?.favIconUrl,
        pageUrl,
      ),
    )
    .toBe(iconUrl);
  const popup = await PopupPage.openFor(context, worker, extensionId, pageUrl);
  await popup.shorten();
  const shortUrl = (await popup.shortLink().getAttribute('href')) ?? '';
  await popup.page.getByRole('button', { name: 'QR code' }).click();
  const view = popup.page.locator('.qr-view');
  await view.getByRole('button', { name: "Use the site's icon" }).click();
  await expect(view.getByLabel('Error correction', { exact: true })).toHaveValue('H');
  await expect(
    view.getByRole('img', { name: `QR code for \u2066${shortUrl}\u2069` }).locator('image'),
  ).toHaveAttribute('href', `data:image/png;base64,${LOGO.toString('base64')}`);
  await expect(view.getByRole('link', { name: 'Download PNG' })).toHaveAttribute(
    'href',
    /^data:image\/png/,
  );
  const drawn = await downloads(popup.page, view);
  expect(drawn.png.text).toBe(scanUrlOf(shortUrl));
  expect(drawn.svg.text).toBe(scanUrlOf(shortUrl));
  expect(drawn.svgSource).toContain(
    `<image href="data:image/png;base64,${LOGO.toString('base64')}"`,
  );
  expect(await seriousA11yViolations(popup.page)).toEqual([]);

  // A page whose icon cannot be read: one sentence, and the file is still offered.
  await context.route(`${service.pageOrigin}/broken-icon`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Broken icon</title><link rel="icon" href="/missing.png"><p>Hi</p>',
    }),
  );
  const other = await PopupPage.openFor(
    context,
    worker,
    extensionId,
    `${service.pageOrigin}/broken-icon`,
  );
  await other.shorten();
  await other.page.getByRole('button', { name: 'QR code' }).click();
  const otherView = other.page.locator('.qr-view');
  // The account remembers the icon drawn before; taken off to see that nothing replaces it.
  await otherView.getByRole('button', { name: 'Remove logo' }).click();
  await otherView.getByRole('button', { name: "Use the site's icon" }).click();
  await expect(otherView.locator('#qr-logo-error')).toHaveText(
    "The site's icon could not be read (the page has none, or its site refused it): choose an image file instead.",
  );
  await expect(otherView.getByLabel('Logo', { exact: true })).toBeEnabled();
  await expect(otherView.locator('image')).toHaveCount(0);

  // The Links details pane has no tab: the file only.
  const options = await openOptions(context, extensionId, 'links');
  await row(options, shortUrl).getByRole('button', { name: 'With icon' }).click();
  const pane = options.getByRole('dialog', { name: 'With icon' });
  await expect(pane.getByLabel('Logo', { exact: true })).toBeVisible();
  await expect(pane.getByRole('button', { name: "Use the site's icon" })).toHaveCount(0);
});
