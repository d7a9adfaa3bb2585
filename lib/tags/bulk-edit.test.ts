import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { createApiClient } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import { BulkEditRefused, editLinks } from './bulk-edit.ts';

let service: TestService;
let apiKey: string;

beforeAll(async () => {
  service = await startTestService();
  apiKey = await service.createAccount('bulk-edit@example.com');
});
afterAll(() => service.stop());

const clientOf = () => createApiClient({ baseUrl: service.baseUrl, apiKey });

async function seedLinks(prefix: string, count: number) {
  await service.insertLinks(
    apiKey,
    Array.from({ length: count }, (_, n) => ({
      backHalf: `${prefix}${n}`,
      destinationUrl: `https://example.com/${n}`,
    })),
  );
  return Array.from({ length: count }, (_, n) => `http://${service.shortDomain}/${prefix}${n}`);
}

const tagsOf = async (shortUrl: string) =>
  ((await clientOf().getLink(shortUrl)).tags ?? []).map((tag) => tag.name);

describe('a bulk edit of links', () => {
  it('adds a tag to 1,200 links in batches of 500, and says which it changed', async () => {
    const calls: unknown[] = [];
    const client = clientOf();
    const counting = {
      call: ((...args: Parameters<typeof client.call>) => {
        calls.push(args[3]?.json);
        return client.call(...args);
      }) as typeof client.call,
    };
    const links = await seedLinks('many', 1_200);
    await editLinks(client, links.slice(0, 2), { addTags: ['Spring'] });
    const outcome = await editLinks(counting, links, { addTags: ['Spring'] });
    expect(calls).toHaveLength(3);
    // Our service answers every link of an edit it made "changed", even one already tagged.
    expect(outcome.changed).toHaveLength(1_200);
    expect(outcome.failure).toBeUndefined();
    expect(await tagsOf(links[1_199] as string)).toEqual(['Spring']);

    // The Undo takes it off the links that lacked it (the page knows which).
    const undone = await editLinks(client, links.slice(2), { removeTags: ['Spring'] });
    expect(undone.changed).toHaveLength(1_198);
    expect(await tagsOf(links[1_199] as string)).toEqual([]);
    expect(await tagsOf(links[0] as string)).toEqual(['Spring']);
  });

  it('changes nothing of a batch with a link that is gone, and names it', async () => {
    const links = await seedLinks('gone', 3);
    const missing = `http://${service.shortDomain}/no-such-link`;
    const outcome = await editLinks(clientOf(), [...links, missing], { addTags: ['Kept'] });
    expect(outcome.changed).toEqual([]);
    const error = outcome.failure?.error;
    expect(error).toBeInstanceOf(BulkEditRefused);
    expect((error as BulkEditRefused).problems).toEqual([
      { shortUrl: missing, status: 'not_found' },
    ]);
    expect(outcome.failure?.notDone).toHaveLength(4);
    expect(await tagsOf(links[0] as string)).toEqual([]);
  });

  it('sets and clears when links end; a time in the past is refused on its field', async () => {
    const links = await seedLinks('ends', 2);
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect((await editLinks(clientOf(), links, { expiresAt: at })).changed).toEqual(links);
    expect((await clientOf().getLink(links[0] as string)).expiresAt).toBe(at);
    expect((await editLinks(clientOf(), links, { expiresAt: null })).changed).toEqual(links);
    expect((await clientOf().getLink(links[0] as string)).expiresAt).toBeNull();
    const past = await editLinks(clientOf(), links, { expiresAt: '2020-01-01T00:00:00.000Z' });
    const error = past.failure?.error;
    expect(isApiError(error) && error.kind === 'invalid_input' && error.field).toBe('expires_at');
  });
});
