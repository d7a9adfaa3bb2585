import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { TITLE_MAX_LENGTH } from '../../contract/limits.ts';
import { storeAccounts } from '../../test/support/accounts.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { closeAccounts } from '../account/account.ts';
import { createApiClient } from '../api/client.ts';
import { MENU_SHORTEN_LINK, MENU_SHORTEN_PAGE } from '../browser/menus.ts';
import type { Notice } from '../browser/notifications.ts';
import { cutTitle } from '../links/title.ts';
import { saveSettings } from '../settings/settings.ts';
import { adviceFor } from '../wording/error-text.ts';
import {
  type BackgroundDeps,
  type ShortenTarget,
  shortenAndCopy,
  targetOfMenuClick,
  targetOfTab,
} from './background-actions.ts';

const EMAIL = 'x@example.com';
const CUSTOM_DOMAIN = 'go.example.com';

let service: TestService;
let apiKey: string;

beforeAll(async () => {
  service = await startTestService();
  apiKey = await service.createAccount(EMAIL);
  await service.addDomain(EMAIL, CUSTOM_DOMAIN);
});
afterAll(() => service.stop());
beforeEach(() => {
  fakeBrowser.reset();
  closeAccounts();
});

/** copy and notify that record what they were asked to do. */
function recordingDeps(options: { copyFails?: string } = {}) {
  const copied: string[] = [];
  const notices: Notice[] = [];
  const deps: BackgroundDeps = {
    async copy(text) {
      if (options.copyFails) throw new Error(options.copyFails);
      copied.push(text);
    },
    async notify(notice) {
      notices.push(notice);
    },
  };
  return { deps, copied, notices };
}

const linksOnService = () => createApiClient({ baseUrl: service.baseUrl, apiKey }).listLinks();

const page = (url: string | undefined, title?: string): ShortenTarget => ({
  url,
  title,
  source: 'page',
});

describe('shortenAndCopy, reuse, tracking and copy formats', () => {
  const unique = () => `https://example.com/reuse/${crypto.randomUUID()}`;

  it('copies the link the account already has for the page instead of making another', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey });
    const url = unique();
    const first = await shortenAndCopy(page(url, 'First'), recordingDeps().deps);
    const { deps, copied, notices } = recordingDeps();

    const second = await shortenAndCopy(page(url, 'Second'), deps);

    expect(first).toMatchObject({ status: 'copied', reused: false });
    expect(second).toMatchObject({ status: 'copied', reused: true });
    const shortUrl = first.status === 'copied' ? first.shortUrl : '';
    expect(copied).toEqual([shortUrl]);
    expect(notices[0]?.title).toBe('Existing short link copied');
    const made = (await linksOnService()).filter((link) => link.destinationUrl === url);
    expect(made).toHaveLength(1);
  });

  it("copies the page's own short link when the page is one, instead of shortening it again", async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey });
    const made = await shortenAndCopy(page(unique()), recordingDeps().deps);
    const shortUrl = made.status === 'copied' ? made.shortUrl : '';
    const before = (await linksOnService()).length;
    const { deps, copied, notices } = recordingDeps();

    const outcome = await shortenAndCopy(page(shortUrl), deps);

    expect(outcome).toMatchObject({ status: 'copied', shortUrl, reused: true });
    expect(copied).toEqual([shortUrl]);
    expect(notices[0]?.title).toBe('Existing short link copied');
    expect(await linksOnService()).toHaveLength(before);
  });

  it('makes another link when "Reuse existing links" is off', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey });
    await saveSettings({ reuseExisting: false });
    const url = unique();
    await shortenAndCopy(page(url), recordingDeps().deps);
    const again = await shortenAndCopy(page(url), recordingDeps().deps);
    expect(again).toMatchObject({ status: 'copied', reused: false });
    const made = (await linksOnService()).filter((link) => link.destinationUrl === url);
    expect(made).toHaveLength(2);
  });

  it('removes tracking parameters before shortening, and says how many', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey });
    const url = unique();
    const { deps, notices } = recordingDeps();
    const outcome = await shortenAndCopy(page(`${url}?utm_source=x&fbclid=y&id=1`), deps);
    expect(outcome).toMatchObject({ removedParameters: ['utm_source', 'fbclid'] });
    const shortUrl = outcome.status === 'copied' ? outcome.shortUrl : '';
    expect(await linksOnService()).toContainEqual(
      expect.objectContaining({ shortUrl, destinationUrl: `${url}?id=1` }),
    );
    expect(notices[0]?.message).toContain('2 tracking parameters were removed.');
  });

  it('keeps tracking parameters when the preference is off', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey });
    await saveSettings({ removeTracking: false });
    const url = `${unique()}?utm_source=x`;
    const outcome = await shortenAndCopy(page(url), recordingDeps().deps);
    const shortUrl = outcome.status === 'copied' ? outcome.shortUrl : '';
    expect(await linksOnService()).toContainEqual(
      expect.objectContaining({ shortUrl, destinationUrl: url }),
    );
  });

  it.each([
    ['markdown', (url: string) => [`[A & B](${url})`]],
    ['title-and-link', (url: string) => [`A & B\n${url}`]],
    ['html', (url: string) => [url, `<a href="${url}">A &amp; B</a>`]],
  ] as const)('copies in the %s format of the preference', async (copyAs, expected) => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey });
    await saveSettings({ copyAs });
    const written: (string | undefined)[][] = [];
    const deps: BackgroundDeps = {
      copy: async (text, html) => {
        written.push(html === undefined ? [text] : [text, html]);
      },
      notify: async () => {},
    };
    const outcome = await shortenAndCopy(page(unique(), 'A & B'), deps);
    const shortUrl = outcome.status === 'copied' ? outcome.shortUrl : '';
    expect(written).toEqual([expected(shortUrl)]);
  });
});

describe('shortenAndCopy', () => {
  it('shortens with the account of the menu child clicked, its key going only to its service', async () => {
    const second = await startTestService();
    try {
      const secondKey = await second.createAccount('second@example.com');
      const [, personal] = await storeAccounts(
        { name: 'Work', apiBaseUrl: service.baseUrl, apiKey },
        { name: 'Personal', apiBaseUrl: second.baseUrl, apiKey: secondKey },
      );
      const before = (await linksOnService()).length;
      const target = targetOfMenuClick(
        { menuItemId: `${MENU_SHORTEN_PAGE}/${personal?.id}` },
        { url: 'https://example.com/personal', title: 'Personal page' },
      );
      expect(target).toMatchObject({ accountId: personal?.id });

      const outcome = await shortenAndCopy(target as ShortenTarget, recordingDeps().deps);

      expect(outcome.status).toBe('copied');
      expect((await second.storedLinks(secondKey)).map((link) => link.destinationUrl)).toEqual([
        'https://example.com/personal',
      ]);
      expect(await linksOnService()).toHaveLength(before);
      // No child (one account, or the shortcut): the default account.
      await shortenAndCopy(page('https://example.com/work'), recordingDeps().deps);
      expect(await linksOnService()).toHaveLength(before + 1);
      expect(await second.storedLinks(secondKey)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('creates the link, copies the short URL and shows it in a notification', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey });
    const { deps, copied, notices } = recordingDeps();

    const outcome = await shortenAndCopy(page('https://example.com/article', 'An article'), deps);

    expect(outcome.status).toBe('copied');
    const shortUrl = outcome.status === 'copied' ? outcome.shortUrl : '';
    expect(shortUrl).toMatch(new RegExp(`^http://${service.shortDomain}/[A-Za-z0-9]{7}$`));
    expect(copied).toEqual([shortUrl]);
    expect(notices).toEqual([
      { title: 'Short link copied', message: `Copied: \u2066${shortUrl}\u2069` },
    ]);
    expect(await linksOnService()).toContainEqual(
      expect.objectContaining({
        shortUrl,
        destinationUrl: 'https://example.com/article',
        title: 'An article',
      }),
    );
  });

  it('makes the link on the default domain of the settings', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey, defaultDomain: CUSTOM_DOMAIN });
    const { deps, copied } = recordingDeps();

    const outcome = await shortenAndCopy({ url: 'https://example.com/l', source: 'link' }, deps);

    expect(outcome.status).toBe('copied');
    expect(copied[0]).toMatch(/^https:\/\/go\.example\.com\/[A-Za-z0-9]{7}$/);
  });

  it('asks for the API key in a notification that opens the options, and copies nothing', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey: '' });
    const { deps, copied, notices } = recordingDeps();

    const outcome = await shortenAndCopy(page('https://example.com/no-key'), deps);

    expect(outcome).toEqual({ status: 'not-configured' });
    expect(copied).toEqual([]);
    expect(notices).toEqual([
      expect.objectContaining({ title: 'Add your API key in the options', opensOptions: true }),
    ]);
  });

  it.each([
    ['chrome://settings', /browser/],
    ['file:///home/me/notes.txt', /Files/],
    ['chrome-extension://abcdef/options.html', /browser/],
    ['about:blank', /browser/],
    [undefined, /no address/],
    [`https://example.com/${'a'.repeat(2100)}`, /too long/],
  ])('explains why %s cannot be shortened and creates nothing', async (url, reason) => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey });
    const before = (await linksOnService()).length;
    const { deps, copied, notices } = recordingDeps();

    const outcome = await shortenAndCopy(page(url), deps);

    expect(outcome.status).toBe('unshortenable');
    expect(copied).toEqual([]);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toBe('This page cannot be shortened');
    expect(notices[0]?.message).toMatch(reason);
    expect(notices[0]?.message).toMatch(/type a web address instead/);
    expect(await linksOnService()).toHaveLength(before);
  });

  it('names a link, not the page, when a link cannot be shortened', async () => {
    const { deps, notices } = recordingDeps();
    await shortenAndCopy({ url: 'mailto:me@example.com', source: 'link' }, deps);
    expect(notices[0]?.title).toBe('This link cannot be shortened');
  });

  it('passes on the advice for a refused key, and the notification opens the options', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey: 'sk_wrong_key' });
    const { deps, copied, notices } = recordingDeps();

    const outcome = await shortenAndCopy(page('https://example.com/wrong-key'), deps);

    expect(outcome).toMatchObject({ status: 'failed', kind: 'unauthorized' });
    expect(copied).toEqual([]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'Could not shorten this page', opensOptions: true });
    expect(notices[0]?.message).toContain(adviceFor('unauthorized'));
  });

  it('says the browser blocks the API origin, and the notification opens the options', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey });
    const contains = vi
      .spyOn(browser.permissions, 'contains')
      .mockImplementation(async () => false);
    const { deps, copied, notices } = recordingDeps();

    const outcome = await shortenAndCopy(page('https://example.com/blocked'), deps);

    expect(outcome).toMatchObject({ status: 'failed', kind: 'permission_missing' });
    expect(copied).toEqual([]);
    expect(notices[0]).toMatchObject({ opensOptions: true });
    expect(notices[0]?.message).toContain('does not let Short Link reach');
    expect(notices[0]?.message).toContain(adviceFor('permission_missing'));
    contains.mockRestore();
  });

  it('passes on the advice for an unpaid plan', async () => {
    const freeKey = await service.createAccount('free@example.com', 'free');
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey: freeKey });
    const { deps, notices } = recordingDeps();

    const outcome = await shortenAndCopy(page('https://example.com/free'), deps);

    expect(outcome).toMatchObject({ status: 'failed', kind: 'paid_plan_required' });
    expect(notices[0]?.message).toContain(adviceFor('paid_plan_required'));
    expect(notices[0]?.opensOptions).toBe(true);
  });

  it('says the service cannot be reached when it is stopped', async () => {
    const stopped = await startTestService();
    const key = await stopped.createAccount('gone@example.com');
    await stopped.stop();
    await storeAccounts({ apiBaseUrl: stopped.baseUrl, apiKey: key });
    const { deps, copied, notices } = recordingDeps();

    const outcome = await shortenAndCopy(page('https://example.com/unreachable'), deps);

    expect(outcome).toMatchObject({ status: 'failed', kind: 'network' });
    expect(copied).toEqual([]);
    expect(notices[0]?.message).toContain(adviceFor('network'));
    expect(notices[0]?.opensOptions).toBe(true);
  });

  it('sends the person to choose another default domain when the account no longer has it', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey, defaultDomain: 'gone.example.com' });
    const { deps, notices } = recordingDeps();

    const outcome = await shortenAndCopy(page('https://example.com/domain'), deps);

    expect(outcome).toMatchObject({ status: 'failed', kind: 'invalid_input' });
    expect(notices[0]?.message).toMatch(/gone\.example\.com/);
    expect(notices[0]?.message).toMatch(/Choose another default domain in the options\.$/);
    expect(notices[0]?.opensOptions).toBe(true);
  });

  it('still shows the short link when the clipboard refuses it', async () => {
    await storeAccounts({ apiBaseUrl: service.baseUrl, apiKey });
    const { deps, notices } = recordingDeps({ copyFails: 'Clipboard is busy.' });

    const outcome = await shortenAndCopy(page('https://example.com/no-clipboard'), deps);

    expect(outcome.status).toBe('not-copied');
    const shortUrl = outcome.status === 'not-copied' ? outcome.shortUrl : '';
    expect(notices).toEqual([
      expect.objectContaining({ title: 'Short link made, but not copied', opensOptions: true }),
    ]);
    expect(notices[0]?.message).toContain(shortUrl);
    expect(notices[0]?.message).toContain('Clipboard is busy.');
  });
});

describe('targetOfMenuClick', () => {
  const tab = { url: 'https://example.com/page', title: 'The page' };

  it('shortens the link for "Shorten link"', () => {
    expect(
      targetOfMenuClick(
        { menuItemId: MENU_SHORTEN_LINK, linkUrl: 'https://example.com/linked', pageUrl: tab.url },
        tab,
      ),
    ).toEqual({ url: 'https://example.com/linked', source: 'link' });
  });

  it('shortens the tab with its title for "Shorten this page"', () => {
    expect(targetOfMenuClick({ menuItemId: MENU_SHORTEN_PAGE, pageUrl: tab.url }, tab)).toEqual({
      url: tab.url,
      title: 'The page',
      source: 'page',
    });
  });

  it('falls back to the page address of the click when the tab has none', () => {
    expect(
      targetOfMenuClick({ menuItemId: MENU_SHORTEN_PAGE, pageUrl: 'https://example.com/p' }, {}),
    ).toMatchObject({ url: 'https://example.com/p' });
  });

  it('ignores menu items that are not ours', () => {
    expect(targetOfMenuClick({ menuItemId: 'other' }, tab)).toBeUndefined();
  });
});

describe('targetOfTab', () => {
  it('takes the pending address of a tab still loading', () => {
    expect(targetOfTab({ pendingUrl: 'https://example.com/next' }).url).toBe(
      'https://example.com/next',
    );
  });

  it('drops a title that is only the address', () => {
    expect(targetOfTab({ url: 'https://example.com/', title: 'https://example.com/' }).title).toBe(
      undefined,
    );
  });

  it('shortens a title longer than the service accepts', () => {
    const title = targetOfTab({ url: 'https://example.com/', title: 'T'.repeat(400) }).title;
    expect(title).toHaveLength(TITLE_MAX_LENGTH);
    expect(title?.endsWith('…')).toBe(true);
  });

  it('cuts a long title on a word, as the popup does', () => {
    const title = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    expect(targetOfTab({ url: 'https://example.com/', title }).title).toBe(cutTitle(title));
    expect(targetOfTab({ url: 'https://example.com/', title }).title).toMatch(/word\d+…$/);
  });

  it('has no address without a tab', () => {
    expect(targetOfTab(undefined).url).toBeUndefined();
  });
});
