// The client against the reference service over real HTTP: every operation, every typed error.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientOf,
  apiFailure as failure,
  serviceForFile,
} from '../../test/support/api-client-helpers.ts';
import { startTestService } from '../../test/support/test-service.ts';
import { type ApiClient, type ApiClientOptions, createApiClient } from './client.ts';
import { offersLinkField, offersOperation } from './service-offer.ts';

const EMAIL = 'paid@example.com';
const CUSTOM_DOMAIN = 'go.example.com';

const running = serviceForFile();
let apiKey: string;
let api: ApiClient;

const clientFor = (options: Partial<ApiClientOptions> = {}) =>
  clientOf(running.current, apiKey, options);

beforeAll(async () => {
  apiKey = await running.current.createAccount(EMAIL);
  await running.current.addDomain(EMAIL, CUSTOM_DOMAIN);
  api = clientFor();
});

describe('every operation, end to end', () => {
  it('creates, lists, gets, updates and deletes a link', async () => {
    const created = await api.createLink({
      destinationUrl: 'https://example.com/spring',
      backHalf: 'spring',
      title: 'Spring sale',
    });
    expect(created).toEqual({
      shortUrl: `http://${running.current.shortDomain}/spring`,
      destinationUrl: 'https://example.com/spring',
      clicks: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      title: 'Spring sale',
      // Our service answers when a link ends; null: it does not.
      expiresAt: null,
      maxClicks: null,
      expiredUrl: null,
      // And its destination's health: a new link is not checked yet.
      destinationStatus: 'unchecked',
      destinationCheckedAt: null,
      destinationStatusCode: null,
      destinationReason: null,
      destinationFinalUrl: null,
      destinationPermanent: null,
      passwordProtected: false,
      // And its tags: none yet.
      tags: [],
    });

    const listed = await api.listLinks();
    const fromList = listed.find((link) => link.shortUrl === created.shortUrl);
    // The list sends `+00:00` without milliseconds; both read into the same sortable form.
    expect(fromList?.createdAt.slice(0, 19)).toBe(created.createdAt.slice(0, 19));
    expect(fromList).toMatchObject({
      destinationUrl: created.destinationUrl,
      title: created.title,
    });

    const fetched = await api.getLink(created.shortUrl);
    expect(fetched).toMatchObject({ shortUrl: created.shortUrl, clicks: 0, title: 'Spring sale' });

    const updated = await api.updateLink(created.shortUrl, {
      destinationUrl: 'https://example.com/summer',
      title: 'Summer sale',
    });
    expect(updated).toMatchObject({
      shortUrl: created.shortUrl,
      destinationUrl: 'https://example.com/summer',
      title: 'Summer sale',
      clicks: 0,
    });
    expect((await api.updateLink(created.shortUrl, { title: '' })).title).toBe('');
    expect((await api.getLink(created.shortUrl)).destinationUrl).toBe('https://example.com/summer');

    const deleted = await api.deleteLink(created.shortUrl);
    expect(deleted.message).toContain(created.shortUrl);
    const afterDelete = await api.listLinks();
    expect(afterDelete.map((link) => link.shortUrl)).not.toContain(created.shortUrl);
  });

  it('creates a link with a generated back-half and an empty title', async () => {
    const created = await api.createLink({ destinationUrl: 'https://example.com/generated' });
    expect(created.shortUrl).toMatch(
      new RegExp(`^http://${running.current.shortDomain.replace('.', '\\.')}/[A-Za-z0-9]{7}$`),
    );
    expect(created.title).toBe('');
  });

  it('creates, finds and deletes a link on a custom domain', async () => {
    const created = await api.createLink({
      destinationUrl: 'https://example.com/brand',
      backHalf: 'brand',
      domain: CUSTOM_DOMAIN,
    });
    expect(created.shortUrl).toBe(`https://${CUSTOM_DOMAIN}/brand`);
    expect((await api.getLink(created.shortUrl)).destinationUrl).toBe('https://example.com/brand');
    expect((await api.listLinks()).map((link) => link.shortUrl)).toContain(created.shortUrl);
    await api.deleteLink(created.shortUrl);
    expect((await failure(api.getLink(created.shortUrl))).kind).toBe('not_found');
  });

  it('lists the account domains', async () => {
    expect(await api.listDomains()).toEqual([
      {
        domain: CUSTOM_DOMAIN,
        subdomain: 'go',
        rootDomain: 'example.com',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/),
      },
    ]);
  });
});

describe("what our service's published contract offers", () => {
  it('is read: the link fields of create, update and answers, and the statistics', async () => {
    const { linkFields } = await api.readServiceOffer();
    expect([...linkFields.create]).toEqual(
      expect.arrayContaining(['destination_url', 'back_half', 'title', 'domain']),
    );
    expect([...linkFields.update]).toEqual(expect.arrayContaining(['destination_url', 'title']));
    expect([...linkFields.answer]).toEqual(
      expect.arrayContaining(['short_url', 'destination_url', 'clicks', 'created_at', 'title']),
    );
    const offer = await api.readServiceOffer();
    expect(offersLinkField(offer, 'back_half')).toBe(true);
    expect(offersOperation(offer, 'linkStats')).toBe(true);
  });

  it('is nothing new from the same service answering 404 there', async () => {
    const answering404 = clientFor({
      fetch: async (input, init) => {
        const request = new Request(input, init);
        return request.url.endsWith('/v1/openapi.json')
          ? Response.json({ code: 'not_found', message: 'Not found.' }, { status: 404 })
          : fetch(request);
      },
    });
    const offer = await answering404.readServiceOffer();
    expect(offersLinkField(offer, 'title')).toBe(false);
    expect(offersOperation(offer, 'linkStats')).toBe(false);
    expect(await answering404.listDomains()).toHaveLength(1);
  });
});

describe('every typed error the service produces', () => {
  it.each([
    ['a destination that is not a URL', { destinationUrl: 'not a url' }, 'destination_url'],
    [
      'a back-half with a space',
      { destinationUrl: 'https://example.com', backHalf: 'a b' },
      'back_half',
    ],
    [
      'a title that is too long',
      { destinationUrl: 'https://example.com', title: 'x'.repeat(300) },
      'title',
    ],
    [
      'a domain not added to the account',
      { destinationUrl: 'https://example.com', domain: 'other.example.org' },
      'domain',
    ],
  ])('reports %s as invalid input on its field', async (_, input, field) => {
    const error = await failure(api.createLink(input));
    expect(error).toMatchObject({ kind: 'invalid_input', status: 400, field });
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('reports an update without changes as invalid input', async () => {
    const { shortUrl } = await api.createLink({ destinationUrl: 'https://example.com/same' });
    expect(await failure(api.updateLink(shortUrl, {}))).toMatchObject({
      kind: 'invalid_input',
      status: 400,
    });
  });

  it('reports a body over the size limit as invalid input', async () => {
    const error = await failure(
      api.createLink({ destinationUrl: 'https://example.com', title: 'x'.repeat(20_000) }),
    );
    expect(error).toMatchObject({ kind: 'invalid_input', status: 413 });
  });

  it('reports a back-half that is taken, on the back-half field', async () => {
    await api.createLink({ destinationUrl: 'https://example.com/1', backHalf: 'taken' });
    const error = await failure(
      api.createLink({ destinationUrl: 'https://example.com/2', backHalf: 'taken' }),
    );
    expect(error).toMatchObject({
      kind: 'back_half_taken',
      status: 409,
      field: 'back_half',
      code: 'back_half_taken',
    });
    expect(error.message).toContain('taken');
  });

  it('reports a wrong key as unauthorized', async () => {
    const error = await failure(clientFor({ apiKey: 'sk_not_a_real_key' }).listLinks());
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('reports a revoked key as unauthorized', async () => {
    const revoked = await running.current.createAccount('revoked@example.com');
    expect(await clientFor({ apiKey: revoked }).listLinks()).toEqual([]);
    await running.current.revokeKey(revoked);
    const error = await failure(clientFor({ apiKey: revoked }).listLinks());
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('reports a free account as needing a paid plan', async () => {
    const free = await running.current.createAccount('free@example.com', 'free');
    const error = await failure(
      clientFor({ apiKey: free }).createLink({ destinationUrl: 'https://example.com' }),
    );
    expect(error).toMatchObject({ kind: 'paid_plan_required', status: 403 });
  });

  it('reports a link that does not exist as not found, for every operation on it', async () => {
    const missing = `http://${running.current.shortDomain}/no-such-link`;
    const calls = [
      () => api.getLink(missing),
      () => api.updateLink(missing, { title: 'x' }),
      () => api.deleteLink(missing),
    ];
    for (const call of calls) {
      expect(await failure(call())).toMatchObject({ kind: 'not_found', status: 404 });
    }
  });

  it('reports the rate limit with the seconds to wait', async () => {
    const limited = await startTestService({ rateLimitPerMinute: 2 });
    try {
      const key = await limited.createAccount('busy@example.com');
      const busy = createApiClient({ baseUrl: limited.baseUrl, apiKey: key, retryDelayMs: 1 });
      await busy.listLinks();
      await busy.listLinks();
      const error = await failure(busy.listLinks());
      expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    } finally {
      await limited.stop();
    }
  });

  it('reports a stopped service as a network error', async () => {
    const stopped = await startTestService();
    const key = await stopped.createAccount('gone@example.com');
    await stopped.stop();
    const error = await failure(
      createApiClient({ baseUrl: stopped.baseUrl, apiKey: key, retryDelayMs: 1 }).listLinks(),
    );
    expect(error).toMatchObject({ kind: 'network' });
    expect(error.message).toContain(stopped.baseUrl);
  });

  describe('with a server that never answers', () => {
    let silent: Server;
    let silentUrl: string;

    beforeAll(async () => {
      silent = createServer(() => {});
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('reports a timeout', async () => {
      const error = await failure(
        createApiClient({ baseUrl: silentUrl, apiKey: 'sk_x', timeoutMs: 100 }).listLinks(),
      );
      expect(error).toMatchObject({ kind: 'timeout' });
    });

    it('rethrows an abort, not an ApiError', async () => {
      const controller = new AbortController();
      const listed = createApiClient({ baseUrl: silentUrl, apiKey: 'sk_x' }).listLinks({
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 20);
      await expect(listed).rejects.toMatchObject({ name: 'AbortError' });
    });
  });
});
