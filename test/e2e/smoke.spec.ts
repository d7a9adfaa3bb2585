import { expect, test } from './fixtures.ts';

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
