// The popup's field problems and its QR view in the browser's language: German at 360 px, and
// right-to-left Arabic, axe clean. Chromium is started with --lang (see languages-helpers.ts).
import type { Locator } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../support/screenshot-files.ts';
import { expect, seriousA11yViolations, test } from './fixtures.ts';
import {
  addressesDrawnBackwards,
  overflowing,
  popupIn,
  screenshotLightAndDark,
} from './language-helpers.ts';

const WIDTH = 360;

/** A 1×1 PNG: a logo the browser can draw. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The elements inside `container` whose text is cut (wider than the box that shows it); the
 * visually hidden file input is 1 px on purpose. */
function cutShort(container: Locator): Promise<string[]> {
  return container.evaluate((root) =>
    [root, ...root.querySelectorAll(':not(input)')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.tagName}.${element.className}: ${element.textContent}`),
  );
}

test('in German the popup says a bad or taken back-half and the QR view with its style controls in German, nothing overflowing at 360 px', async ({
  service,
  apiKey,
}) => {
  await service.insertLinks(apiKey, [
    { backHalf: 'vergeben', destinationUrl: `${service.pageOrigin}/elsewhere` },
  ]);
  const { browser, popup } = await popupIn(
    'de',
    service,
    apiKey,
    `${service.pageOrigin}/languages-qr-de`,
    WIDTH,
  );
  const { page } = popup;
  try {
    const backHalf = page.getByLabel('Back-Half', { exact: true });
    await backHalf.fill('mein link');
    await expect(
      page.getByText(
        'Das Back-Half darf nur Buchstaben, Ziffern, „-“ und „_“ enthalten (1 bis 64 Zeichen).',
      ),
    ).toBeVisible();
    await expect(backHalf).toHaveAttribute('aria-invalid', 'true');
    expect(await overflowing(page)).toEqual([]);
    await screenshotLightAndDark(page, `popup-${WIDTH}-de-back-half`);

    // Taken: the reference service answers in English; its code is said in German on the field.
    await backHalf.fill('vergeben');
    await page.getByRole('button', { name: 'Kürzen', exact: true }).click();
    await expect(page.getByText('Dieses Back-Half ist schon vergeben.')).toBeVisible();
    await expect(backHalf).toHaveAttribute('aria-invalid', 'true');

    await backHalf.fill('');
    await page.getByRole('button', { name: 'Kürzen', exact: true }).click();
    const shortUrl = await popup.shortLink().textContent();
    await page.getByRole('button', { name: 'QR-Code', exact: true }).click();
    await expect(
      page.getByRole('img', { name: `QR-Code für \u2066${shortUrl}\u2069` }),
    ).toBeVisible();
    for (const label of ['QR-Farbe', 'Hintergrund', 'Rand', 'Größe', 'Logo']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    const correction = page.getByLabel('Fehlerkorrektur', { exact: true });
    // The share written the German way: "15 %", a no-break space before the sign.
    await expect(correction.locator('option:checked')).toHaveText('M (15\u00a0%)');
    await expect(page.getByRole('link', { name: 'PNG herunterladen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Symbol der Website verwenden' })).toBeVisible();

    // "Logo": our own button and words, whole at 360 px, reached by the keyboard; a file still chosen.
    const logo = page.locator('.qr-logo .file-picker');
    await expect(logo.locator('label')).toHaveText('Datei auswählen');
    await expect(logo.locator('.file-picker-name')).toHaveText('Keine Datei ausgewählt');
    expect(await cutShort(logo)).toEqual([]);
    await page.getByLabel('Größe', { exact: true }).focus();
    await page.keyboard.press('Tab');
    const logoInput = page.getByLabel('Logo', { exact: true });
    await expect(logoInput).toBeFocused();
    await expect(logoInput).toHaveAccessibleDescription('Keine Datei ausgewählt');
    await expect(logo.locator('label')).toHaveCSS('outline-style', 'solid');
    await logoInput.setInputFiles({ name: 'firmenlogo.png', mimeType: 'image/png', buffer: PNG });
    await expect(logo.locator('.file-picker-name')).toHaveText('firmenlogo.png');
    await expect(page.getByRole('button', { name: 'Logo entfernen' })).toBeVisible();

    await page.getByLabel('Rand', { exact: true }).fill('17');
    await expect(
      page.getByText('Der Rand muss eine ganze Zahl von Modulen zwischen 0 und 16 sein.'),
    ).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
    await screenshotLightAndDark(page, `popup-${WIDTH}-de-qr`);
  } finally {
    await browser.done();
  }
});

test('in German the popup says the account’s tag limit, answered in English by the service, in German under "Tags"', async ({
  service,
  apiKey,
}) => {
  const { browser, popup } = await popupIn(
    'de',
    service,
    apiKey,
    `${service.pageOrigin}/languages-tags-de`,
    WIDTH,
  );
  const { page } = popup;
  try {
    // The reference service's answer for an account at its most tags (server/links/links-routes.ts).
    await browser.context.route(`${service.baseUrl}/v1/links`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              code: 'tag_limit_reached',
              message:
                'This account has 1000 tags, the most it may have: delete one before making another.',
              field: 'tags',
            }),
          })
        : route.fallback(),
    );
    const tags = page.getByLabel('Tags', { exact: true });
    await tags.fill('Frühling');
    await tags.press('Enter');
    await page.getByRole('button', { name: 'Kürzen', exact: true }).click();
    await expect(
      page.getByText(
        'Dieses Konto hat schon so viele Tags, wie es haben darf: Löschen Sie eines, bevor Sie ein weiteres hinzufügen.',
      ),
    ).toBeVisible();
    await expect(tags).toHaveAttribute('aria-invalid', 'true');
    expect(await overflowing(page)).toEqual([]);
    await screenshotLightAndDark(page, `popup-${WIDTH}-de-tag-limit`);
  } finally {
    await browser.done();
  }
});

test('in Arabic the destination error writes http:// and https:// left to right, and the QR view reads right to left, axe clean, nothing overflowing at 360 px', async ({
  service,
  apiKey,
}) => {
  const { browser, popup } = await popupIn(
    'ar',
    service,
    apiKey,
    `${service.pageOrigin}/languages-qr-ar`,
    WIDTH,
  );
  const { page } = popup;
  try {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const destination = page.getByLabel('عنوان URL الوجهة', { exact: true });
    const pageUrl = await destination.inputValue();
    await destination.fill('ftp://example.com/file');
    await page.getByRole('button', { name: 'اختصار', exact: true }).click();
    const error = page.getByText(/^يجب أن يكون عنوان URL الوجهة عنوان ويب كاملًا/);
    await expect(error).toHaveText(
      'يجب أن يكون عنوان URL الوجهة عنوان ويب كاملًا يبدأ بـ \u2066http://\u2069 أو \u2066https://\u2069.',
    );
    // As drawn: each scheme left of its slashes, not "//:http".
    expect(await addressesDrawnBackwards(page.locator('body'))).toEqual([]);
    await error.screenshot({ path: `${SCREENSHOTS_DIR}/popup-${WIDTH}-ar-destination-error.png` });

    await destination.fill(pageUrl);
    await page.getByRole('button', { name: 'اختصار', exact: true }).click();
    const shortUrl = await popup.shortLink().textContent();
    await page.getByRole('button', { name: 'رمز QR', exact: true }).click();
    // The short link inside the Arabic name keeps its own order (isolated).
    await expect(
      page.getByRole('img', { name: `رمز QR للرابط \u2066${shortUrl}\u2069` }),
    ).toBeVisible();
    for (const label of ['لون رمز QR', 'الخلفية', 'تصحيح الأخطاء', 'الهامش', 'الحجم', 'الشعار']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'تنزيل SVG' })).toBeVisible();
    await page.getByLabel('الحجم', { exact: true }).fill('5000');
    await expect(page.getByText(/^يجب أن يكون الحجم عددًا صحيحًا من البكسلات/)).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotLightAndDark(page, `popup-${WIDTH}-ar-qr`);
  } finally {
    await browser.done();
  }
});
