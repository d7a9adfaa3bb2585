// `sl` in Firefox's address bar, against the real service: the tests call the handlers Firefox
// calls, on the background page, as the menu's tests do.
import { expect, test } from './fixtures.ts';

test('"sl <words>" suggests the matching links as plain text, Enter opens the chosen destination, and "sl <address>" shortens it', async ({
  extension,
  service,
  apiKey,
}) => {
  const destination = `${service.pageOrigin}/handbook?a=1&b=2`;
  const created = await fetch(`${service.baseUrl}/v1/links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ destination_url: destination, title: 'Handbook & notes' }),
  });
  const { short_url: shortUrl } = (await created.json()) as { short_url: string };
  await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });

  const suggestions = await extension.evaluate(async (text) => {
    const background = (await browser.runtime.getBackgroundPage()) as unknown as typeof globalThis;
    return background.shortLinkBackground?.onOmniboxInput(text);
  }, 'handbook');
  expect(suggestions).toEqual([
    { content: shortUrl, description: `Handbook & notes — ${shortUrl} → ${destination}` },
  ]);

  const opened = await extension.evaluate(async (text) => {
    const background = (await browser.runtime.getBackgroundPage()) as unknown as typeof globalThis;
    const entered = await background.shortLinkBackground?.onOmniboxEntered(
      text,
      'newForegroundTab',
    );
    return { entered, manifest: browser.runtime.getManifest().omnibox };
  }, shortUrl);
  expect(opened).toEqual({
    entered: { action: 'opened', url: destination },
    manifest: { keyword: 'sl' },
  });

  const address = `${service.pageOrigin}/from-the-address-bar`;
  const shortened = await extension.evaluate(async (text) => {
    const background = (await browser.runtime.getBackgroundPage()) as unknown as typeof globalThis;
    return background.shortLinkBackground?.onOmniboxEntered(text, 'currentTab');
  }, address);
  expect(shortened).toMatchObject({ action: 'shortened', outcome: { status: 'copied' } });
  const stored = await service.storedLinks(apiKey);
  expect(stored.map((link) => link.destinationUrl)).toContain(address);
  const made = stored.find((link) => link.destinationUrl === address);
  expect(await extension.pasteClipboard()).toMatch(new RegExp(`/${made?.backHalf}$`));
});
