import { describe, expect, it } from 'vitest';
import { fetchSiteIcon } from './site-icon.ts';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('fetchSiteIcon', () => {
  it('reads an icon given as an image', async () => {
    const icon = await fetchSiteIcon(`data:image/png;base64,${PNG}`);
    expect(icon.type).toBe('image/png');
    expect(icon.size).toBeGreaterThan(0);
  });

  it.each([
    ['no icon', undefined],
    ['an empty address', ''],
    ["a browser page's icon", 'chrome://favicon/https://example.com/'],
    ['an extension icon', 'moz-extension://abc/icon.png'],
    ['not an address', 'icon.png'],
    ['text, not an image', 'data:text/html,<p>hi</p>'],
    ['an empty image', 'data:image/png,'],
  ])('refuses %s', async (_, url) => {
    await expect(fetchSiteIcon(url)).rejects.toThrow();
  });

  it('refuses an icon over 1 MB', async () => {
    const big = Buffer.alloc(1024 * 1024 + 1).toString('base64');
    await expect(fetchSiteIcon(`data:image/png;base64,${big}`)).rejects.toThrow(/at most 1 MB/);
  });
});
