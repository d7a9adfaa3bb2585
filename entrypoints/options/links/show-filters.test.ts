import { describe, expect, it } from 'vitest';
import type { Link } from '../../../lib/api/schemas.ts';
import { NO_OFFER, type ServiceOffer } from '../../../lib/api/service-offer.ts';
import { keptBy, offeredFilters } from './show-filters.ts';

const NOW = Date.UTC(2026, 10, 28);
const link = (n: number, extra: Partial<Link> = {}): Link => ({
  shortUrl: `https://s.example/${n}`,
  destinationUrl: `https://example.com/${n}`,
  title: `Link ${n}`,
  clicks: n,
  createdAt: new Date(Date.UTC(2026, 0, n)).toISOString(),
  ...extra,
});
const links = [
  link(1, { maxClicks: 1 }),
  link(2, { expiresAt: new Date(NOW - 1).toISOString() }),
  link(3, { expiresAt: new Date(NOW + 60_000).toISOString(), maxClicks: 10 }),
  link(4),
];
const offering = (...fields: string[]): ServiceOffer => ({
  ...NO_OFFER,
  linkFields: { create: new Set(fields), update: new Set(fields), answer: new Set(fields) },
});

describe('the "Show" menu', () => {
  it('offers "Expired" with its count where the service offers an end, and keeps those links', () => {
    const context = { offer: offering('expires_at', 'max_clicks'), now: NOW };

    expect(offeredFilters(links, context).map(({ filter, count }) => [filter.id, count])).toEqual([
      ['expired', 2],
    ]);
    expect(keptBy(links, 'expired', context).map((kept) => kept.shortUrl)).toEqual([
      'https://s.example/1',
      'https://s.example/2',
    ]);
    expect(keptBy(links, '', context)).toBe(links);
  });

  it('reads only the ends the service offers: a click limit it does not name ends nothing', () => {
    const context = { offer: offering('expires_at'), now: NOW };

    expect(offeredFilters(links, context)[0]).toMatchObject({ count: 1, text: 'Expired (1)' });
  });

  it('offers "Protected" with its count where the service answers password_protected', () => {
    const locked = [link(5, { passwordProtected: true }), link(6, { passwordProtected: false })];
    const context = { offer: offering('password_protected'), now: NOW };

    expect(
      offeredFilters([...links, ...locked], context).map(({ filter, count }) => [filter.id, count]),
    ).toEqual([['protected', 1]]);
    expect(keptBy([...links, ...locked], 'protected', context)).toEqual([locked[0]]);
    // A service whose contract does not name the field: its answers' field means nothing to us.
    const unnamed = { offer: offering('expires_at'), now: NOW };
    expect(offeredFilters(locked, unnamed).map(({ filter }) => filter.id)).toEqual(['expired']);
    expect(keptBy(locked, 'protected', unnamed)).toBe(locked);
  });

  it('counts a link that never ends (null expiry and limit, as our service lists them) as not ended', () => {
    const endless = [link(5, { expiresAt: null, maxClicks: null }), link(6, { maxClicks: null })];
    const context = { offer: offering('expires_at', 'max_clicks'), now: NOW };

    expect(offeredFilters([...links, ...endless], context)[0]?.count).toBe(2);
    expect(keptBy(endless, 'expired', context)).toEqual([]);
  });

  it('offers nothing, and narrows nothing, for a service without a contract', () => {
    const context = { offer: NO_OFFER, now: NOW };

    expect(offeredFilters(links, context)).toEqual([]);
    expect(keptBy(links, 'expired', context)).toBe(links);
    expect(keptBy(links, 'expired', { offer: undefined, now: NOW })).toBe(links);
  });

  it('offers "Broken" where the service checks destinations, keeping the broken and the unreachable', () => {
    const checked = [
      link(1, { destinationStatus: 'broken', destinationStatusCode: 404 }),
      link(2, { destinationStatus: 'unreachable', destinationReason: 'dns' }),
      link(3, { destinationStatus: 'redirected', destinationPermanent: true }),
      link(4, { destinationStatus: 'ok' }),
      link(5),
    ];
    const context = { offer: offering('destination_status'), now: NOW };

    expect(offeredFilters(checked, context).map(({ filter, count }) => [filter.id, count])).toEqual(
      [['broken', 2]],
    );
    expect(keptBy(checked, 'broken', context).map((kept) => kept.shortUrl)).toEqual([
      'https://s.example/1',
      'https://s.example/2',
    ]);
    expect(keptBy(checked, 'broken', { offer: NO_OFFER, now: NOW })).toBe(checked);
  });

  it('offers "Broken" from this browser\'s own checks where the service does not check', () => {
    const checked = [link(1), link(2), link(3)];
    const browserChecks = new Map([
      [
        'https://s.example/1',
        {
          destinationUrl: 'https://example.com/1',
          health: { destinationStatus: 'broken' as const, destinationStatusCode: 404 },
          serverErrorsInRow: 0,
        },
      ],
      [
        'https://s.example/2',
        {
          destinationUrl: 'https://example.com/moved-since',
          health: { destinationStatus: 'broken' as const, destinationStatusCode: 404 },
          serverErrorsInRow: 0,
        },
      ],
    ]);
    // A service's own answer is not read when its contract does not offer it.
    checked[2] = link(3, { destinationStatus: 'broken' });
    const context = { offer: NO_OFFER, now: NOW, browserChecks };

    expect(offeredFilters(checked, context).map(({ filter, count }) => [filter.id, count])).toEqual(
      [['broken', 1]],
    );
    expect(keptBy(checked, 'broken', context).map((kept) => kept.shortUrl)).toEqual([
      'https://s.example/1',
    ]);
    expect(
      offeredFilters(checked, { offer: NO_OFFER, now: NOW, browserChecks: new Map() }),
    ).toEqual([]);
  });
});
