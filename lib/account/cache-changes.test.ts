import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { changeCachedLinks, writeCachedLinks } from './cache.ts';
import { watchLinksCacheChangesElsewhere } from './cache-changes.ts';

const account = { id: 'first', apiBaseUrl: 'http://localhost:8787', apiKey: 'key' };

beforeEach(() => fakeBrowser.reset());

describe('word of a changed links cache', () => {
  it("is left by every write of the cache, and a page hears only the others'", async () => {
    const notes: unknown[] = [];
    fakeBrowser.storage.onChanged.addListener((changes) => {
      if ('linksCacheChanged' in changes) notes.push(changes.linksCacheChanged?.newValue);
    });
    let heard = 0;
    const stop = watchLinksCacheChangesElsewhere('first', () => heard++);

    await writeCachedLinks(account, []);
    await changeCachedLinks(account, (links) => links);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({ accountId: 'first' });
    expect(heard).toBe(0);

    await fakeBrowser.storage.local.set({
      linksCacheChanged: { accountId: 'first', writer: 'the popup', at: 1 },
    });
    await fakeBrowser.storage.local.set({
      linksCacheChanged: { accountId: 'second', writer: 'the popup', at: 2 },
    });
    await fakeBrowser.storage.local.set({ linksCacheChanged: 'damaged' });
    expect(heard).toBe(1);
    stop();
  });

  it('is not left when there was no cache to change', async () => {
    let notes = 0;
    fakeBrowser.storage.onChanged.addListener(() => notes++);
    await changeCachedLinks({ ...account, id: 'none' }, (links) => links);
    expect(notes).toBe(0);
  });
});
