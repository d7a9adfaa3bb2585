import { describe, expect, it } from 'vitest';
import { removeTrackingParameters } from './tracking-parameters.ts';

describe('removeTrackingParameters', () => {
  it.each([
    [
      'utm parameters, keeping the others in order',
      'https://example.com/a?utm_source=news&id=3&utm_medium=mail&page=2',
      'https://example.com/a?id=3&page=2',
      ['utm_source', 'utm_medium'],
    ],
    [
      'fbclid alone, with the "?"',
      'https://example.com/?fbclid=IwAR0x',
      'https://example.com/',
      ['fbclid'],
    ],
    [
      'gclid before a fragment',
      'https://example.com/p?gclid=abc#top',
      'https://example.com/p#top',
      ['gclid'],
    ],
    [
      'Mailchimp and HubSpot',
      'https://example.com/?mc_cid=1&mc_eid=2&_hsenc=3&q=x',
      'https://example.com/?q=x',
      ['mc_cid', 'mc_eid', '_hsenc'],
    ],
    [
      'a site-specific parameter on its own site',
      'https://www.youtube.com/watch?v=abc&feature=share',
      'https://www.youtube.com/watch?v=abc',
      ['feature'],
    ],
    [
      'an encoded parameter name',
      'https://example.com/?utm%5Fsource=x&a=1',
      'https://example.com/?a=1',
      ['utm_source'],
    ],
  ])('removes %s', (_case, address, cleaned, removed) => {
    expect(removeTrackingParameters(address)).toEqual({ url: cleaned, removed });
  });

  it.each([
    ['no query', 'https://example.com/path'],
    ['no tracking parameter', 'https://example.com/?q=a+b&id=%20x'],
    ['a site-specific parameter elsewhere', 'https://example.com/watch?v=abc&feature=share'],
    ['a name that only starts like one', 'https://example.com/?utm_sourcery=1'],
    ['a tracking name in the fragment', 'https://example.com/#utm_source=x'],
    ['not an address', 'not a url?utm_source=x'],
  ])('leaves the address exactly as it was with %s', (_case, address) => {
    expect(removeTrackingParameters(address)).toEqual({ url: address, removed: [] });
  });

  it('keeps the exact spelling of the parameters it keeps', () => {
    expect(removeTrackingParameters('https://example.com/?q=a+b%20c&utm_term=x').url).toBe(
      'https://example.com/?q=a+b%20c',
    );
  });

  it('gives the same answer when asked twice (no state kept between calls)', () => {
    const address = 'https://artist.bandcamp.com/album/x?from=search&search_item_id=1';
    expect(removeTrackingParameters(address)).toEqual(removeTrackingParameters(address));
    expect(removeTrackingParameters(address).removed.length).toBeGreaterThan(0);
  });
});
