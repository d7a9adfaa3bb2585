// An account's tags against the reference service: listed with counts, made, renamed, recoloured
// and deleted; links made and edited with tags only where the service's contract takes them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  clientOf,
  apiFailure as failure,
  serviceForFile,
} from '../../test/support/api-client-helpers.ts';
import { closeAccounts, openAccount } from '../account/account.ts';
import { clearCaches, writeCachedOffer } from '../account/cache.ts';
import type { ApiClient } from '../api/client.ts';
import { tagsBody, withoutUnofferedTags } from '../api/link-tag-names.ts';
import { NO_OFFER } from '../api/service-offer.ts';
import type { AccountRef } from '../settings/connection.ts';
import { createTag, deleteTag, listTags, updateTag } from './tags-api.ts';
import { readCachedTags, refreshTags } from './tags-cache.ts';

const service = serviceForFile();
let connection: AccountRef;
let api: ApiClient;
let accounts = 0;

beforeEach(async () => {
  fakeBrowser.reset();
  accounts++;
  const apiKey = await service.current.createAccount(`tags-${accounts}@example.com`);
  connection = { id: `tags-${accounts}`, apiBaseUrl: service.current.baseUrl, apiKey };
  api = clientOf(service.current, apiKey);
});
afterEach(() => closeAccounts());

const counts = async () =>
  Object.fromEntries((await listTags(api)).map((tag) => [tag.name, [tag.color, tag.links]]));

describe("an account's tags", () => {
  it('are made, listed with their counts, renamed, recoloured and deleted', async () => {
    expect(await listTags(api)).toEqual([]);
    const client = await createTag(api, { name: 'Client A', color: 'blue' });
    expect(client).toEqual({ id: expect.any(Number), name: 'Client A', color: 'blue' });
    await api.createLink({ destinationUrl: 'https://example.com/1', tags: ['client a', 'Spring'] });
    expect(await counts()).toEqual({ 'Client A': ['blue', 1], Spring: ['gray', 1] });

    expect(await updateTag(api, client.id, { name: 'Client B' })).toMatchObject({
      name: 'Client B',
      color: 'blue',
    });
    await updateTag(api, client.id, { color: 'pink' });
    expect(await counts()).toEqual({ 'Client B': ['pink', 1], Spring: ['gray', 1] });

    await deleteTag(api, client.id);
    // Its link keeps its other tag.
    expect(await counts()).toEqual({ Spring: ['gray', 1] });
  });

  it('says a name another tag has on the name field, and a tag that is gone as not found', async () => {
    await createTag(api, { name: 'Straße' });
    const other = await createTag(api, { name: 'Other' });
    const taken = await failure(updateTag(api, other.id, { name: 'STRASSE' }));
    expect(taken).toMatchObject({ kind: 'invalid_input', code: 'tag_name_taken', field: 'name' });
    expect(await failure(createTag(api, { name: 'other' }))).toMatchObject({
      code: 'tag_name_taken',
    });
    await deleteTag(api, other.id);
    expect(await failure(deleteTag(api, other.id))).toMatchObject({
      kind: 'not_found',
      code: 'tag_not_found',
    });
  });

  it('are stored for the next reader of the same connection only', async () => {
    await createTag(api, { name: 'Kept', color: 'green' });
    const account = openAccount(connection);
    expect(await readCachedTags(connection)).toBeUndefined();
    const fresh = await refreshTags(account);
    expect(await readCachedTags(connection)).toEqual(fresh);
    expect(await readCachedTags({ ...connection, apiKey: 'another-key' })).toBeUndefined();
    await clearCaches(connection.id);
    expect(await readCachedTags(connection)).toBeUndefined();
  });
});

describe('a link made or edited with tags', () => {
  it('sends the tags to a service whose contract takes them', async () => {
    const account = openAccount(connection);
    const link = await account.createLink({
      destinationUrl: 'https://example.com/tagged',
      tags: ['Launch'],
    });
    expect(await counts()).toEqual({ Launch: ['gray', 1] });
    await account.updateLink(link, { tags: ['Later'] });
    expect(await counts()).toEqual({ Launch: ['gray', 0], Later: ['gray', 1] });
  });

  it('never sends them to a service whose contract does not name them', async () => {
    // What the account knows of its service: a contract without tags, read just now.
    await writeCachedOffer(connection, NO_OFFER);
    const account = openAccount(connection);
    const link = await account.createLink({
      destinationUrl: 'https://example.com/plain',
      tags: ['Launch'],
    });
    expect(link.destinationUrl).toBe('https://example.com/plain');
    await account.updateLink(link, { title: 'Plain', tags: ['Later'] });
    expect(await listTags(api)).toEqual([]);
  });

  it('puts the names on the wire only when given', () => {
    expect(tagsBody({})).toEqual({});
    expect(tagsBody({ tags: [] })).toEqual({ tags: [] });
    const input = { destinationUrl: 'https://example.com', tags: ['a'] };
    expect(withoutUnofferedTags(input, new Set(['tags']))).toBe(input);
    expect(withoutUnofferedTags(input, new Set())).toEqual({
      destinationUrl: input.destinationUrl,
    });
  });
});
