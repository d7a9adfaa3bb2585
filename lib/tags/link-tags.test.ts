import { describe, expect, it } from 'vitest';
import { Link, plainLinkReader } from '../api/schemas.ts';
import { NO_OFFER, offerOfContract } from '../api/service-offer.ts';
import { hasAllTags, offeredTags, tagsOfLinks, withAllTags } from './link-tags.ts';

const wireLink = (shortUrl: string, tags?: unknown) => ({
  short_url: shortUrl,
  destination_url: 'https://example.com/page',
  clicks: 3,
  created_at: '2026-11-22T10:00:00.123Z',
  title: 'Example',
  ...(tags === undefined ? {} : { tags }),
});

/** A contract naming these fields in the link answer, as ours names `tags`. */
const offering = (fields: string[]) => {
  const schema = { properties: Object.fromEntries(fields.map((field) => [field, {}])) };
  const body = { content: { 'application/json': { schema } } };
  return offerOfContract({
    openapi: '3.1.0',
    paths: { '/v1/links/{domain}/{back_half}': { get: { responses: { 200: body } } } },
  });
};
const TAGS = offering(['tags']);

describe("a link's tags as answers carry them", () => {
  it('are read by both readers alike: names kept, an unknown colour gray, nameless entries left out', () => {
    const tags = [
      { id: 1, name: 'Launch', color: 'green' },
      { id: 2, name: 'Odd', color: 'turquoise' },
      { id: 3, name: '' },
      'not a tag',
      { name: 'No id', color: 'blue' },
    ];
    const expected = [
      { id: 1, name: 'Launch', color: 'green' },
      { id: 2, name: 'Odd', color: 'gray' },
      { name: 'No id', color: 'blue' },
    ];
    expect(Link.parse(wireLink('https://sho.rt/a', tags)).tags).toEqual(expected);
    expect(plainLinkReader()(wireLink('https://sho.rt/a', tags))?.tags).toEqual(expected);
  });

  it('are left out when the answer has no list of them', () => {
    expect(Link.parse(wireLink('https://sho.rt/a')).tags).toBeUndefined();
    expect(Link.parse(wireLink('https://sho.rt/a', 'launch')).tags).toBeUndefined();
    expect(plainLinkReader()(wireLink('https://sho.rt/a', { a: 1 }))).not.toHaveProperty('tags');
  });

  it('are one object per tag across the rows of a list', () => {
    const read = plainLinkReader();
    const rows = Array.from({ length: 3 }, (_, n) =>
      read(wireLink(`https://sho.rt/${n}`, [{ id: 7, name: 'Client', color: 'red' }])),
    );
    expect(rows[0]?.tags?.[0]).toBe(rows[2]?.tags?.[0]);
    expect(read(wireLink('https://sho.rt/x', []))?.tags).toBe(
      read(wireLink('https://sho.rt/y', []))?.tags,
    );
  });

  it('are shown only where the service offers tags, even when the answers carry them', () => {
    const link = Link.parse(wireLink('https://sho.rt/a', [{ id: 1, name: 'x', color: 'red' }]));
    expect(offeredTags(link, TAGS)).toEqual([{ id: 1, name: 'x', color: 'red' }]);
    expect(offeredTags(link, NO_OFFER)).toEqual([]);
    expect(offeredTags(link, offering(['expires_at']))).toEqual([]);
    expect(offeredTags(link, undefined)).toEqual([]);
  });
});

describe('the tags of the loaded links', () => {
  const links = [
    [{ id: 1, name: 'Client', color: 'red' }],
    [
      { id: 1, name: 'Client', color: 'red' },
      { id: 2, name: 'Spring', color: 'green' },
    ],
    [{ id: 2, name: 'Spring', color: 'green' }],
    [{ id: 2, name: 'Spring', color: 'green' }],
    [],
  ].map((tags, n) => Link.parse(wireLink(`https://sho.rt/${n}`, tags)));

  it('are counted by name, most used first', () => {
    expect(tagsOfLinks(links)).toEqual([
      { key: 'spring', name: 'Spring', color: 'green', links: 3 },
      { key: 'client', name: 'Client', color: 'red', links: 2 },
    ]);
  });

  it('are counted and matched by name when each row has tag objects of its own (the cache)', () => {
    const cached: Link[] = JSON.parse(JSON.stringify(links));
    cached.push({
      ...(cached[0] as Link),
      shortUrl: 'https://sho.rt/9',
      tags: [{ name: 'CLIENT', color: 'red' }],
    });

    expect(tagsOfLinks(cached).map(({ key, links: count }) => [key, count])).toEqual([
      ['client', 3],
      ['spring', 3],
    ]);
    expect(withAllTags(cached, new Set(['client'])).map((link) => link.shortUrl)).toEqual([
      'https://sho.rt/0',
      'https://sho.rt/1',
      'https://sho.rt/9',
    ]);
  });

  it('narrow a list to the links carrying all the chosen ones, in any case', () => {
    expect(withAllTags(links, new Set(['spring'])).map((link) => link.shortUrl)).toEqual([
      'https://sho.rt/1',
      'https://sho.rt/2',
      'https://sho.rt/3',
    ]);
    expect(withAllTags(links, new Set(['spring', 'client'])).map((l) => l.shortUrl)).toEqual([
      'https://sho.rt/1',
    ]);
    expect(withAllTags(links, new Set())).toBe(links);
    expect(hasAllTags(links[4] as Link, new Set(['client']))).toBe(false);
  });
});
