// The shipped Firefox archive, installed as a temporary add-on into Debian's Firefox ESR.

import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { EXTENSION_ORIGIN, FIREFOX_ARCHIVE, GECKO_ID } from './firefox.ts';
import { expect, test } from './fixtures.ts';

test('the first install opens the options page, once', async ({ extension }) => {
  const tabs = await extension.optionsTabs();
  expect(tabs).toHaveLength(1);
  const options = tabs[0];
  if (!options) throw new Error('no options tab');
  await options.locator('::-p-aria([name="Short Link options"][role="heading"])').wait();
});

test('what runs is the archive that ships: its manifest, id and version', async ({ extension }) => {
  const zip = await JSZip.loadAsync(readFileSync(FIREFOX_ARCHIVE));
  const shipped = JSON.parse((await zip.file('manifest.json')?.async('string')) ?? '{}');
  const running = await extension.evaluate(() => browser.runtime.getManifest());
  // Firefox fills in defaults and absolute addresses, and the `__MSG_…__` texts in the browser's
  // language (English here); what was declared must be what runs.
  const english = JSON.parse(
    (await zip.file('_locales/en/messages.json')?.async('string')) ?? '{}',
  ) as Record<string, { message: string }>;
  const inEnglish = (text: unknown) =>
    typeof text === 'string'
      ? text.replace(/^__MSG_(\w+)__$/, (_, key: string) => english[key]?.message ?? text)
      : text;
  const { version, permissions, host_permissions, optional_host_permissions } = shipped;
  const commands = Object.fromEntries(
    Object.entries(shipped.commands as Record<string, { description?: string }>).map(
      ([name, command]) => [name, { ...command, description: inEnglish(command.description) }],
    ),
  );
  expect(running).toMatchObject({
    version,
    permissions,
    host_permissions,
    optional_host_permissions,
    commands,
  });
  expect(running.browser_specific_settings?.gecko?.id).toBe(GECKO_ID);
  expect(await extension.evaluate(() => browser.runtime.getURL('/'))).toBe(`${EXTENSION_ORIGIN}/`);
  // Firefox runs the background as an event page, whose handlers the menu tests call.
  const handlers = await extension.evaluate(async () => {
    const background = (await browser.runtime.getBackgroundPage()) as unknown as typeof globalThis;
    return Object.keys(background?.shortLinkBackground ?? {});
  });
  // The handlers the browser calls, among whatever else the background offers the tests.
  expect(handlers).toEqual(
    expect.arrayContaining(['onMenuClick', 'onCommand', 'onActionClick', 'onNotificationClick']),
  );
});

test('an extension page reaches the reference service with its declared host permission', async ({
  extension,
  service,
  apiKey,
}) => {
  const answer = await extension.evaluate(
    async ({ baseUrl, key }) => {
      const response = await fetch(`${baseUrl}/v1/links`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ destination_url: 'https://example.com/firefox-smoke' }),
      });
      return { status: response.status, body: await response.json() };
    },
    { baseUrl: service.baseUrl, key: apiKey },
  );
  expect(answer.status).toBe(200);
  expect(answer.body.short_url).toMatch(
    new RegExp(`^http://${service.shortDomain}/[A-Za-z0-9]{7}$`),
  );
});

test('each test starts from a first install: nothing stored, no optional permission', async ({
  extension,
}) => {
  expect(await extension.evaluate(() => browser.storage.local.get(null))).toEqual({});
  expect(await extension.evaluate(() => browser.permissions.getAll())).toMatchObject({
    origins: expect.not.arrayContaining([expect.stringMatching(/^https:/)]),
  });
});
