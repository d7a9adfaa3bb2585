// The list's rows as JSON text, written by hand for speed: each is what the single-link answers
// give, field for field, whatever its dates, domain and destination health.
import { describe, expect, it } from 'vitest';
import { destinationHealthFields } from '../shared/destination-json.ts';
import { createShortDomains } from '../shared/short-domain.ts';
import { NEVER_CHECKED } from '../storage/destination-health.ts';
import type { LinkRow } from '../storage/storage.ts';
import { expiresAtIso, isoOffset, listJsonChunks, listRowOf } from './list-json.ts';

const domains = createShortDomains('localhost:8787');

const row = (changes: Partial<LinkRow>): LinkRow => ({
  id: 1,
  domain: '',
  backHalf: 'abc',
  destinationUrl: 'https://example.com/a"b',
  title: 'Ünïcode "quoted" \\ title',
  clicks: 3,
  expiredVisits: 0,
  createdAt: Date.UTC(2026, 10, 22, 10, 0, 0),
  expiresAt: null,
  maxClicks: null,
  expiredUrl: null,
  passwordHash: null,
  tagsJson: '[{"id":4,"name":"x","color":"red"}]',
  ...NEVER_CHECKED,
  ...changes,
});

/** The list's own order of a row's fields: the health after the tags. */
const listOrder = (link: LinkRow, pending: number) => {
  const { tags, ...entry } = expectedEntry(link, pending);
  const {
    destination_status,
    destination_checked_at,
    destination_status_code,
    destination_reason,
    destination_final_url,
    destination_permanent,
    ...own
  } = entry;
  return {
    ...own,
    tags,
    destination_status,
    destination_checked_at,
    destination_status_code,
    destination_reason,
    destination_final_url,
    destination_permanent,
  };
};

/** What the single-link answers would give for the fields a list row carries. */
const expectedEntry = (link: LinkRow, pending: number) => ({
  short_url: domains.shortUrl(link.domain, link.backHalf),
  destination_url: link.destinationUrl,
  clicks: link.clicks + pending,
  created_at: isoOffset(link.createdAt),
  title: link.title,
  expires_at: expiresAtIso(link.expiresAt),
  max_clicks: link.maxClicks,
  expired_url: link.expiredUrl,
  password_protected: link.passwordHash !== null,
  tags: JSON.parse(link.tagsJson ?? '[]'),
  ...destinationHealthFields(link),
});

describe('the list as JSON text', () => {
  it('writes each row as the single-link answers give it: dates across days, domains, every health state', () => {
    const day = Date.UTC(2026, 10, 22);
    const rows = [
      row({ createdAt: day + 86_399_999 }),
      row({ id: 2, createdAt: day + 86_399_000, domain: 'go.example', backHalf: 'x_1' }),
      row({ id: 3, createdAt: day + 3_600_000 + 61_500 }),
      row({ id: 4, createdAt: day, expiresAt: day + 1, maxClicks: 9 }),
      row({ id: 5, createdAt: day - 1, expiredUrl: 'https://example.com/end' }),
      row({ id: 6, createdAt: 0, passwordHash: 'hash', tagsJson: undefined }),
      row({ id: 7, createdAt: -1_000 }),
      row({ id: 8, createdAt: 1_234.5 }),
      row({
        id: 9,
        destinationStatus: 'redirected',
        destinationReason: 'permanent',
        destinationStatusCode: 301,
        destinationFinalUrl: 'https://example.com/"moved"',
        destinationCheckedAt: day + 5,
      }),
      row({
        id: 10,
        destinationStatus: 'broken',
        destinationStatusCode: 404,
        destinationCheckedAt: day,
      }),
      row({ id: 11, destinationStatus: 'unchecked', destinationReason: 'private_address' }),
      row({
        id: 12,
        destinationStatus: 'unreachable',
        destinationReason: 'dns',
        destinationCheckedAt: 7,
      }),
    ];
    const pending = (id: number) => (id === 2 ? 5 : 0);
    const text = [...listJsonChunks(rows.map(listRowOf), domains, pending)].join('');
    expect(JSON.parse(text)).toEqual({
      success: true,
      links: rows.map((link) => expectedEntry(link, pending(link.id))),
    });
  });

  it('writes the bytes JSON.stringify writes, in chunks, for texts that need escaping and every field set or not', () => {
    const awkward = [
      'plain',
      'Ünïcode "quoted" \\ back\\slash',
      'controls \u0000\u0001\n\t\u001f end',
      'separators \u2028\u2029 and emoji 🙂',
      'a lone surrogate \ud800 and \udc00 too',
      '</script><!-- html -->',
    ];
    const rows = Array.from({ length: 3_000 }, (_, i) =>
      row({
        id: i + 1,
        domain: i % 4 === 0 ? 'go.example' : '',
        backHalf: `b${i}`,
        destinationUrl: `https://example.com/${awkward[i % awkward.length]}?i=${i}`,
        title: awkward[(i + 1) % awkward.length] as string,
        clicks: i * 7,
        createdAt: Date.UTC(2026, 10, 22) - i * 3_599_000,
        expiresAt: i % 5 === 0 ? Date.UTC(2027, 0, 1) + i : null,
        maxClicks: i % 6 === 0 ? i : null,
        expiredUrl: i % 7 === 0 ? `https://example.com/after/${awkward[i % awkward.length]}` : null,
        passwordHash: i % 8 === 0 ? 'scrypt$salt$hash' : null,
        tagsJson: i % 3 === 0 ? '[]' : `[{"id":${i},"name":"T\\"ag ${i}","color":"blue"}]`,
        ...(i % 9 === 0
          ? {
              destinationStatus: 'redirected',
              destinationStatusCode: 302,
              destinationReason: i % 2 ? 'permanent' : 'temporary',
              destinationFinalUrl: `https://example.com/"moved"/${i}`,
              destinationCheckedAt: Date.UTC(2026, 10, 20) + i,
            }
          : i % 10 === 0
            ? {
                destinationStatus: 'unreachable',
                destinationStatusCode: null,
                destinationReason: 'timeout',
                destinationFinalUrl: null,
                destinationCheckedAt: 5,
              }
            : NEVER_CHECKED),
      }),
    );
    const pending = (id: number) => id % 11;
    const chunks = [...listJsonChunks(rows.map(listRowOf), domains, pending)];
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(
      JSON.stringify({
        success: true,
        links: rows.map((link) => listOrder(link, pending(link.id))),
      }),
    );
  });
});
