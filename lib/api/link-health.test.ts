import { describe, expect, it } from 'vitest';
import { offeredHealth, readHealth, withOfferedHealth } from './link-health.ts';
import { Link, plainLinkReader } from './schemas.ts';
import { NO_OFFER, offerOfContract } from './service-offer.ts';

const wireLink = {
  short_url: 'https://sho.rt/abc',
  destination_url: 'https://example.com/page',
  clicks: 3,
  created_at: '2026-11-22T10:00:00.123Z',
  title: 'Example',
};

const brokenWire = {
  destination_status: 'broken',
  destination_checked_at: '2026-11-28T04:00:00+00:00',
  destination_status_code: 404,
  destination_reason: null,
  destination_final_url: null,
  destination_permanent: null,
};

const offering = (fields: string[]) => {
  const schema = { properties: Object.fromEntries(fields.map((field) => [field, {}])) };
  const body = { content: { 'application/json': { schema } } };
  return offerOfContract({
    openapi: '3.1.0',
    paths: { '/v1/links/{domain}/{back_half}': { get: { responses: { 200: body } } } },
  });
};

describe("a link's destination health as answers carry it", () => {
  it('is read from any answer, the time in UTC', () => {
    expect(Link.parse({ ...wireLink, ...brokenWire })).toMatchObject({
      destinationStatus: 'broken',
      destinationCheckedAt: '2026-11-28T04:00:00.000Z',
      destinationStatusCode: 404,
      destinationReason: null,
      destinationFinalUrl: null,
      destinationPermanent: null,
    });
  });

  it('reads a permanent redirect with its final address', () => {
    expect(
      readHealth({
        destination_status: 'redirected',
        destination_checked_at: '2026-11-28T04:00:00.000Z',
        destination_status_code: 200,
        destination_reason: 'permanent',
        destination_final_url: 'https://example.com/new',
        destination_permanent: true,
      }),
    ).toMatchObject({
      destinationStatus: 'redirected',
      destinationReason: 'permanent',
      destinationFinalUrl: 'https://example.com/new',
      destinationPermanent: true,
    });
  });

  it.each([
    ['an unknown state', { destination_status: 'dead' }],
    ['a state of another type', { destination_status: 3 }],
  ])('has nothing for %s, and reads the link', (_, fields) => {
    expect(Link.parse({ ...wireLink, ...fields })).toEqual(Link.parse(wireLink));
    expect(readHealth(fields)).toEqual({});
  });

  it('leaves unreadable companions empty: a date that is none, a final address not http(s)', () => {
    expect(
      readHealth({
        destination_status: 'redirected',
        destination_checked_at: 'yesterday',
        destination_status_code: 'x',
        destination_reason: 'mystery',
        destination_final_url: 'javascript:alert(1)',
        destination_permanent: 'yes',
      }),
    ).toEqual({
      destinationStatus: 'redirected',
      destinationCheckedAt: null,
      destinationStatusCode: null,
      destinationReason: null,
      destinationFinalUrl: null,
      destinationPermanent: null,
    });
  });

  it('is read alike by the plain reader of list rows', () => {
    const rows = [
      { ...wireLink, ...brokenWire },
      { ...wireLink, destination_status: 'unreachable', destination_reason: 'dns' },
      { ...wireLink, destination_status: 'nope' },
    ];
    for (const row of rows) expect(plainLinkReader()(row)).toEqual(Link.parse(row));
  });

  it("is shown only where the account's service offers the state, whatever the answer carries", () => {
    const link = readHealth(brokenWire);
    expect(offeredHealth(link, undefined)).toEqual({});
    expect(offeredHealth(link, NO_OFFER)).toEqual({});
    expect(offeredHealth(link, offering(['destination_url']))).toEqual({});
    expect(offeredHealth(link, offering(['destination_status']))).toEqual(link);
  });

  it('goes with a link to the pages only where the service offers it', () => {
    const link = Link.parse({ ...wireLink, ...brokenWire });
    expect(withOfferedHealth(link, offering(['destination_status']))).toBe(link);
    expect(withOfferedHealth(link, NO_OFFER)).toEqual(Link.parse(wireLink));
  });
});
