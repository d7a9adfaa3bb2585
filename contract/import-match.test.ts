import { describe, expect, it } from 'vitest';
import { type ImportKey, importIndex, matchHolder, sameDestination } from './import-match.ts';

const link = (domain: string, backHalf: string, destinationUrl: string): ImportKey => ({
  domain,
  backHalf,
  destinationUrl,
});

describe('the import rule: already there, back-half taken, or new', () => {
  const account = [
    link('', 'same', 'https://example.com/same'),
    link('', 'taken', 'https://example.com/other'),
    link('go.example.com', 'brand', 'https://example.com/brand'),
  ];
  const indexOf = (links: readonly ImportKey[]) => {
    const index = importIndex<ImportKey>();
    for (const held of links) index.hold(held);
    return index;
  };

  it.each([
    ['its own link', link('', 'same', 'https://example.com/same'), 'already_there'],
    [
      'a back-half held elsewhere',
      link('', 'taken', 'https://example.com/mine'),
      'back_half_taken',
    ],
    ['a free back-half', link('', 'free', 'https://example.com/same'), 'new'],
    ['a back-half held on another domain', link('', 'brand', 'https://example.com/x'), 'new'],
    [
      'its link on a custom domain',
      link('go.example.com', 'brand', 'https://example.com/brand'),
      'already_there',
    ],
    [
      'no back-half, a destination linked on its domain',
      { domain: '', destinationUrl: 'https://example.com/same' },
      'already_there',
    ],
    [
      'no back-half, a destination linked on another domain only',
      { domain: '', destinationUrl: 'https://example.com/brand' },
      'new',
    ],
  ])('a row with %s', (_, row, outcome) => {
    expect(indexOf(account).match(row).outcome).toBe(outcome);
  });

  it('holds the rows to make, so a later row of the same file meets them', () => {
    const index = indexOf(account);
    const first = link('', 'new', 'https://example.com/new');
    expect(index.match(first).outcome).toBe('new');
    index.hold(first);
    expect(index.match(first)).toEqual({ outcome: 'already_there', link: first });
    expect(index.match(link('', 'new', 'https://example.com/else'))).toEqual({
      outcome: 'back_half_taken',
      heldBy: first,
    });
    expect(index.match({ domain: '', destinationUrl: 'https://example.com/new' }).outcome).toBe(
      'already_there',
    );
  });

  it('compares destinations as the URL parser writes them', () => {
    expect(sameDestination('https://Example.com', 'https://example.com/')).toBe(true);
    expect(sameDestination('https://example.com/a', 'https://example.com/b')).toBe(false);
    expect(sameDestination('not a url', 'not a url')).toBe(true);
    const index = indexOf([link('', 'x', 'https://EXAMPLE.com')]);
    expect(index.match(link('', 'x', 'https://example.com/')).outcome).toBe('already_there');
    expect(index.match({ domain: '', destinationUrl: 'https://example.com/' }).outcome).toBe(
      'already_there',
    );
  });

  it('tells a back-half the service refused: the row’s own link, or taken', () => {
    const row = { destinationUrl: 'https://example.com/a' };
    expect(matchHolder(row, undefined)).toEqual({ outcome: 'new' });
    expect(matchHolder(row, { destinationUrl: 'https://example.com/a' }).outcome).toBe(
      'already_there',
    );
    expect(matchHolder(row, { destinationUrl: 'https://example.com/b' }).outcome).toBe(
      'back_half_taken',
    );
  });
});
