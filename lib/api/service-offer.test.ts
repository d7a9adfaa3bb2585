// The one rule for what a service offers: read from its published contract, never from its answers.
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { isApiError } from './errors.ts';
import {
  MAX_CONTRACT_BYTES,
  NO_OFFER,
  offerOfContractText,
  offersLinkField,
  offersOperation,
  offersQrScans,
  type ServiceOffer,
} from './service-offer.ts';

const LinkFields = {
  type: 'object',
  properties: { destination_url: { type: 'string' }, title: { type: 'string' } },
};

/** A contract as a service might publish it; `extra` adds to the link's schemas. */
function contract(extra: { create?: object; answer?: object; paths?: object } = {}) {
  return {
    openapi: '3.1.0',
    info: { title: 'A service', version: '1' },
    paths: {
      '/v1/links': {
        post: {
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Create' } } },
          },
          responses: {
            '200': {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Link' } } },
            },
          },
        },
      },
      '/v1/links/{domain}/{slug}': {
        get: {
          responses: {
            '2XX': {
              content: {
                'application/problem+json; charset=utf-8': {
                  schema: { $ref: '#/components/schemas/Link' },
                },
              },
            },
          },
        },
        put: {
          requestBody: {
            content: {
              'application/json': {
                schema: { allOf: [LinkFields, { properties: { back_half: {} } }] },
              },
            },
          },
        },
      },
      ...extra.paths,
    },
    components: {
      schemas: {
        Create: { ...LinkFields, anyOf: [extra.create ?? {}] },
        Link: {
          type: 'object',
          properties: { short_url: {}, ...LinkFields.properties },
          oneOf: [extra.answer ?? {}],
        },
      },
    },
  };
}

const withLifecycleAndTags = contract({
  create: { properties: { expires_at: {}, tags: {}, password: {} } },
  answer: { properties: { expires_at: {}, tags: {}, password_protected: {} } },
  paths: {
    '/v1/tags': { get: {}, post: {} },
    '/v1/links/{host}/{back_half}/check': { post: {} },
  },
});

const offerOf = (document: unknown) => offerOfContractText(JSON.stringify(document));
const sorted = (names: ReadonlySet<string>) => [...names].sort();

describe('a contract read', () => {
  it('offers the link fields it names for create, update and answers, through $ref and combinations', () => {
    const offer = offerOf(withLifecycleAndTags);
    expect(sorted(offer.linkFields.create)).toEqual([
      'destination_url',
      'expires_at',
      'password',
      'tags',
      'title',
    ]);
    expect(sorted(offer.linkFields.update)).toEqual(['back_half', 'destination_url', 'title']);
    expect(sorted(offer.linkFields.answer)).toEqual([
      'destination_url',
      'expires_at',
      'password_protected',
      'short_url',
      'tags',
      'title',
    ]);
    for (const field of ['expires_at', 'tags', 'password', 'password_protected']) {
      expect(offersLinkField(offer, field), field).toBe(true);
    }
    expect(offersOperation(offer, 'listTags')).toBe(true);
    expect(offersOperation(offer, 'checkLink')).toBe(true);
    expect(offersOperation(offer, 'linkStats')).toBe(false);
  });

  it.each([
    ['names the QR parameter of the redirect', [{ name: 'qr', in: 'query' }], true],
    ['names other query parameters only', [{ name: 'utm_source', in: 'query' }], false],
    ['names a qr that is no query parameter', [{ name: 'qr', in: 'header' }], false],
    ['names no parameters', undefined, false],
  ])('counts QR scans only where it %s', (_, parameters, counted) => {
    const redirect = { '/{back_half}': { get: { parameters } } };
    expect(offersQrScans(offerOf(contract({ paths: redirect })))).toBe(counted);
    expect(offersQrScans(offerOf(contract()))).toBe(false);
  });

  it('offers nothing new when it lacks the fields and operations', () => {
    const offer = offerOf(contract());
    for (const field of ['expires_at', 'tags', 'max_clicks', 'password']) {
      expect(offersLinkField(offer, field), field).toBe(false);
    }
    expect(offersLinkField(offer, 'title')).toBe(true);
    expect(offer.operations.size).toBe(0);
  });

  it.each([
    ['not JSON', '<!doctype html><title>Docs</title>'],
    ['JSON but not OpenAPI', JSON.stringify({ success: true, links: [] })],
    ['a Swagger 2 document', JSON.stringify({ ...withLifecycleAndTags, openapi: '2.0' })],
    ['paths that are not an object', JSON.stringify({ openapi: '3.0.3', paths: [] })],
    ['empty', ''],
  ])('offers nothing new when the text is %s', (_, text) => {
    expect(offerOfContractText(text)).toEqual(NO_OFFER);
  });

  it('keeps what it can of a broken part, and follows no $ref loop forever', () => {
    const looping = contract({ paths: { '/v1/tags': 'broken' } });
    Object.assign(looping.components.schemas, { Create: { $ref: '#/components/schemas/Create' } });
    const offer = offerOf(looping);
    expect(offer.linkFields.create.size).toBe(0);
    expect(offersOperation(offer, 'listTags')).toBe(false);
    expect(offersLinkField(offer, 'short_url')).toBe(true);
  });

  it('reads a document that fans out or names a schema oddly, quickly and without failing', () => {
    const fanOut = contract();
    const wide = Array.from({ length: 60 }, (_, i) => ({ $ref: `#/components/schemas/S${i}` }));
    for (let i = 0; i < 60; i++) {
      Object.assign(fanOut.components.schemas, {
        [`S${i}`]: { allOf: wide, properties: { [`f${i}`]: {} } },
      });
    }
    Object.assign(fanOut.components.schemas, {
      Create: { allOf: [...wide, { $ref: '#/components/schemas/%E0%A4%A' }] },
      'a/b': { properties: { expires_at: {} } },
    });
    fanOut.components.schemas.Link.oneOf = [{ $ref: '#/components/schemas/a~1b' }];
    const started = performance.now();
    const offer = offerOf(fanOut);
    expect(performance.now() - started).toBeLessThan(500);
    expect(offer.linkFields.create.size).toBe(60);
    expect(offersLinkField(offer, 'expires_at')).toBe(true);
  });

  it('keeps an operation whose other answers it cannot read', () => {
    const document = contract({
      paths: { '/v1/tags': { get: { responses: { '200': {}, '500': 'broken' } } } },
    });
    document.paths['/v1/links'].post.responses['400' as '200'] = 'broken' as never;
    const offer = offerOf(document);
    expect(offersOperation(offer, 'listTags')).toBe(true);
    expect(offersLinkField(offer, 'short_url')).toBe(true);
  });

  it('offers nothing while no offer is known', () => {
    expect(offersLinkField(undefined, 'tags')).toBe(false);
    expect(offersOperation(undefined, 'listTags')).toBe(false);
  });
});

const BASE_URL = 'https://api.example.com/shortlink/';
const API_KEY = 'slk_unit_test_key';
const wireLink = {
  short_url: 'https://sho.rt/abc',
  destination_url: 'https://example.com/',
  clicks: 0,
  created_at: '2026-11-22T10:00:00.000Z',
  title: '',
};

/** A client whose service answers `/v1/openapi.json` with `reply`, and a link otherwise. */
function serviceAnswering(reply: () => Response) {
  const sent: Request[] = [];
  const client = createApiClient({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    retryDelayMs: 1,
    retryLimit: 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push(request);
      if (request.url.endsWith('/v1/openapi.json')) return reply();
      return Response.json({ ...wireLink, tags: [], expires_at: null });
    },
  });
  return { client, sent };
}

const jsonAnswer = (body: unknown, status = 200) => Response.json(body, { status });

describe('readServiceOffer', () => {
  it('asks the account’s own API for its contract, with the key as every call', async () => {
    const { client, sent } = serviceAnswering(() => jsonAnswer(withLifecycleAndTags));
    const offer = await client.readServiceOffer();
    expect(offersLinkField(offer, 'expires_at')).toBe(true);
    expect(sent.map((request) => request.url)).toEqual([`${BASE_URL}v1/openapi.json`]);
    expect(sent[0]?.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(sent[0]?.redirect).toBe('manual');
  });

  it('offers nothing new for a contract without the fields, though the answers carry them', async () => {
    const { client } = serviceAnswering(() => jsonAnswer(contract()));
    const link = await client.getLink('https://sho.rt/abc');
    expect(link.shortUrl).toBe('https://sho.rt/abc');
    const offer = await client.readServiceOffer();
    expect(offersLinkField(offer, 'tags')).toBe(false);
    expect(offersLinkField(offer, 'expires_at')).toBe(false);
  });

  it.each([
    ['404', () => jsonAnswer({ error: 'Not found' }, 404)],
    ['405', () => new Response('', { status: 405 })],
    ['401', () => jsonAnswer({ error: 'Unauthorized' }, 401)],
    ['a redirect, not followed', () => Response.redirect('https://docs.example.com/api', 302)],
    ['a web page', () => new Response('<!doctype html><p>Our API</p>', { status: 200 })],
  ])('offers nothing new when the service answers %s', async (_, reply) => {
    const { client, sent } = serviceAnswering(reply);
    expect(await client.readServiceOffer()).toEqual(NO_OFFER);
    expect(sent).toHaveLength(1);
  });

  it.each([
    ['503', () => jsonAnswer({ error: 'Down' }, 503)],
    ['429', () => jsonAnswer({ error: 'Slow down' }, 429)],
  ])(
    'fails on a %s, which says nothing of the contract (what was known is kept)',
    async (_, reply) => {
      const error = await serviceAnswering(reply)
        .client.readServiceOffer()
        .catch((failure: unknown) => failure);
      expect(isApiError(error)).toBe(true);
    },
  );

  it('fails as a timeout when the contract stops arriving, as any call would', async () => {
    const stalled = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode('{"openapi":')),
    });
    const client = createApiClient({
      baseUrl: BASE_URL,
      apiKey: API_KEY,
      timeoutMs: 50,
      fetch: async () => new Response(stalled),
    });
    const error = await client.readServiceOffer().catch((failure: unknown) => failure);
    expect(isApiError(error) && error.kind).toBe('timeout');
  });

  describe('a huge contract', () => {
    const huge = () => {
      const padding = 'x'.repeat(MAX_CONTRACT_BYTES);
      return JSON.stringify({ ...withLifecycleAndTags, info: { title: padding, version: '1' } });
    };

    /** A body that never ends, counting the bytes taken from it. */
    function endlessBody() {
      const chunk = new TextEncoder().encode(huge().slice(0, 64 * 1024));
      const body = {
        pulled: 0,
        stream: new ReadableStream<Uint8Array>({
          pull(controller) {
            body.pulled += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
      };
      return { body, chunkBytes: chunk.byteLength };
    }

    it('is not read when it says its length', async () => {
      const { body } = endlessBody();
      const headers = { 'content-length': String(MAX_CONTRACT_BYTES + 1) };
      const { client } = serviceAnswering(() => new Response(body.stream, { headers }));
      expect(await client.readServiceOffer()).toEqual(NO_OFFER);
      expect(body.pulled).toBeLessThan(MAX_CONTRACT_BYTES / 4);
    });

    it('is read no further than the limit when it does not', async () => {
      const { body, chunkBytes } = endlessBody();
      const { client } = serviceAnswering(() => new Response(body.stream));
      const offer: ServiceOffer = await client.readServiceOffer();
      expect(offer).toEqual(NO_OFFER);
      expect(body.pulled).toBeLessThan(MAX_CONTRACT_BYTES + 4 * chunkBytes);
    });

    it('just under the limit is read', async () => {
      const document = JSON.stringify(withLifecycleAndTags);
      const text = document.replace(
        '"A service"',
        `"${'y'.repeat(MAX_CONTRACT_BYTES - document.length - 20)}"`,
      );
      expect(text.length).toBeLessThan(MAX_CONTRACT_BYTES);
      const { client } = serviceAnswering(() => new Response(text));
      expect(offersLinkField(await client.readServiceOffer(), 'tags')).toBe(true);
    });
  });
});
