import { describe, expect, it } from 'vitest';
import {
  lifecycleBody,
  offeredLifecycle,
  readLifecycle,
  withoutUnoffered,
} from './link-lifecycle.ts';
import {
  Link,
  plainLinkReader,
  toCreateLinkBody,
  toUpdateLinkBody,
  UpdateLinkInput,
} from './schemas.ts';
import { NO_OFFER, offerOfContract } from './service-offer.ts';

const wireLink = {
  short_url: 'https://sho.rt/abc',
  destination_url: 'https://example.com/page',
  clicks: 3,
  created_at: '2026-11-22T10:00:00.123Z',
  title: 'Example',
};

/** A contract naming the fields in the link answer and both bodies, as ours does. */
const offering = (fields: string[]) => {
  const schema = { properties: Object.fromEntries(fields.map((field) => [field, {}])) };
  const body = { content: { 'application/json': { schema } } };
  return offerOfContract({
    openapi: '3.1.0',
    paths: {
      '/v1/links': { post: { requestBody: body, responses: { 200: body } } },
      '/v1/links/{domain}/{back_half}': { put: { requestBody: body, responses: { 200: body } } },
    },
  });
};

describe("a link's end as answers carry it", () => {
  it('is read from any answer, dates in UTC, null kept as "never" or "none"', () => {
    const link = Link.parse({
      ...wireLink,
      expires_at: '2026-12-31T23:59:00+01:00',
      max_clicks: 10,
      expired_url: 'https://example.com/ended',
    });
    expect(link).toMatchObject({
      expiresAt: '2026-12-31T22:59:00.000Z',
      maxClicks: 10,
      expiredUrl: 'https://example.com/ended',
    });
    expect(
      Link.parse({ ...wireLink, expires_at: null, max_clicks: null, expired_url: null }),
    ).toMatchObject({
      expiresAt: null,
      maxClicks: null,
      expiredUrl: null,
    });
  });

  it.each([
    ['a date that is none', { expires_at: 'soon' }],
    ['a click limit of 0', { max_clicks: 0 }],
    ['a click limit that is not whole', { max_clicks: 2.5 }],
    ['an address after expiry that is not http(s)', { expired_url: 'javascript:alert(1)' }],
    ['a value of another type', { expires_at: 17, expired_url: {} }],
  ])('leaves out %s, and reads the link', (_, fields) => {
    const link = Link.parse({ ...wireLink, ...fields });
    expect(link).toEqual(Link.parse(wireLink));
    expect(Object.keys(readLifecycle(fields))).toEqual([]);
  });

  it('is read alike by the plain reader of list rows', () => {
    const rows = [
      { ...wireLink, expires_at: '2026-12-31T23:59:00.000Z', max_clicks: 5, expired_url: null },
      { ...wireLink, expires_at: null, max_clicks: '7', expired_url: 'https://example.com/x' },
      { ...wireLink, expires_at: 'tomorrow', max_clicks: -1, expired_url: 'ftp://x' },
    ];
    for (const row of rows) expect(plainLinkReader()(row)).toEqual(Link.parse(row));
  });

  it("is shown only where the account's service offers the field, whatever the answer carries", () => {
    const link = { expiresAt: '2026-12-31T23:59:00.000Z', maxClicks: 5, expiredUrl: null };
    expect(offeredLifecycle(link, undefined)).toEqual({});
    expect(offeredLifecycle(link, NO_OFFER)).toEqual({});
    expect(offeredLifecycle(link, offering(['tags', 'expires']))).toEqual({});
    expect(offeredLifecycle(link, offering(['max_clicks']))).toEqual({ maxClicks: 5 });
    expect(offeredLifecycle(link, offering(['expires_at', 'max_clicks', 'expired_url']))).toEqual(
      link,
    );
  });
});

describe("a link's end as it is sent", () => {
  it("goes on the wire by the contract's names; null clears, undefined is not sent", () => {
    expect(
      toCreateLinkBody({
        destinationUrl: 'https://example.com/',
        expiresAt: '2026-12-31T23:59:00.000Z',
        maxClicks: 3,
        expiredUrl: 'https://example.com/after',
      }),
    ).toEqual({
      destination_url: 'https://example.com/',
      expires_at: '2026-12-31T23:59:00.000Z',
      max_clicks: 3,
      expired_url: 'https://example.com/after',
    });
    expect(toUpdateLinkBody({ expiresAt: null })).toEqual({ expires_at: null });
    expect(lifecycleBody({})).toEqual({});
  });

  it("is checked by the contract's rules", () => {
    expect(UpdateLinkInput.safeParse({ maxClicks: 0 }).success).toBe(false);
    expect(UpdateLinkInput.safeParse({ expiresAt: '2026-12-31' }).success).toBe(false);
    expect(UpdateLinkInput.safeParse({ expiredUrl: 'https://u:p@example.com/' }).success).toBe(
      false,
    );
    expect(UpdateLinkInput.safeParse({ expiresAt: null, maxClicks: 1 }).success).toBe(true);
  });

  it('leaves out every field the service does not take', () => {
    const input = { destinationUrl: 'https://example.com/', maxClicks: 3, expiresAt: null };
    expect(withoutUnoffered(input, new Set())).toEqual({ destinationUrl: 'https://example.com/' });
    expect(withoutUnoffered(input, new Set(['max_clicks']))).toEqual({
      destinationUrl: 'https://example.com/',
      maxClicks: 3,
    });
  });
});
