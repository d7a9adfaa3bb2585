import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EXTENSION_DIR } from '../support/chromium.ts';
import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { KEY_CANARY } from './global-setup.ts';

test('the built extension loads, its service worker runs and its options page opens', async ({
  context,
  worker,
  extensionId,
}) => {
  expect(worker.url()).toBe(`chrome-extension://${extensionId}/background.js`);
  const manifest = await worker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.manifest_version).toBe(3);

  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Short Link options');
});

test('an extension page reaches the reference service with its declared host permission', async ({
  context,
  extensionId,
  service,
  apiKey,
}) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  const answer = await page.evaluate(
    async ({ baseUrl, key }) => {
      const response = await fetch(`${baseUrl}/v1/links`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ destination_url: 'https://example.com/smoke' }),
      });
      return { status: response.status, body: await response.json() };
    },
    { baseUrl: service.baseUrl, key: apiKey },
  );
  expect(answer.status).toBe(200);
  expect(answer.body.short_url).toMatch(
    new RegExp(`^http://${service.shortDomain}/[A-Za-z0-9]{7}$`),
  );

  const redirect = await fetch(answer.body.short_url, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  expect(redirect.headers.get('location')).toBe('https://example.com/smoke');
});

test('the placeholder pages pass axe', async ({ context, extensionId }) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the production build holds no API key, even with the demo key in the environment', () => {
  const files = readdirSync(EXTENSION_DIR, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile(),
  );
  expect(files.length).toBeGreaterThan(3);
  for (const file of files) {
    expect(readFileSync(path.join(file.parentPath, file.name), 'utf8')).not.toContain(KEY_CANARY);
  }
});
