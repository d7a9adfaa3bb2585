import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { currentSettings } from '../settings/current-settings.ts';
import { parseSettings } from '../settings/settings.ts';
import { migrateStoredData } from './migrate.ts';

const stored = async () => (await fakeBrowser.storage.local.get('settings')).settings;

beforeEach(() => fakeBrowser.reset());

describe('migrateStoredData', () => {
  it.each([
    [
      'one connection, as before several accounts',
      { apiBaseUrl: 'https://a.example', apiKey: 'k' },
    ],
    [
      'an account, without the preferences added since',
      {
        accounts: [
          {
            id: 'first',
            name: '',
            apiBaseUrl: 'https://a.example',
            apiKey: 'k',
            defaultDomain: '',
          },
        ],
        defaultAccountId: 'first',
        autoCopy: false,
      },
    ],
  ])('writes %s in today’s shape, as parseSettings reads it', async (_case, before) => {
    await fakeBrowser.storage.local.set({ settings: before });
    await migrateStoredData();
    const after = await stored();
    expect(after).toStrictEqual(parseSettings(before));
    expect(currentSettings(after)).toStrictEqual(after);
  });

  it('writes nothing on a fresh install, so that a save made meanwhile is never overwritten', async () => {
    await migrateStoredData();
    expect(await stored()).toBeUndefined();
  });

  it('leaves settings already in today’s shape as they are', async () => {
    const settings = parseSettings({
      accounts: [{ id: 'work', apiBaseUrl: 'https://a.example', apiKey: 'k' }],
      defaultAccountId: 'work',
      theme: 'dark',
    });
    await fakeBrowser.storage.local.set({ settings });
    let writes = 0;
    fakeBrowser.storage.local.onChanged.addListener(() => writes++);
    await migrateStoredData();
    expect(writes).toBe(0);
    expect(await stored()).toStrictEqual(settings);
  });
});
