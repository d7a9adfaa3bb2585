import { describe, expect, it } from 'vitest';
import { LinkListResponse } from './link-page.ts';
import {
  CreateLinkInput,
  DeleteResponse,
  Domain,
  DomainListResponse,
  Link,
  LinkResponse,
  normalizeTimestamp,
  plainLinkReader,
  toCreateLinkBody,
  toUpdateLinkBody,
} from './schemas.ts';

const wireLink = {
  short_url: 'https://sho.rt/abc',
  destination_url: 'https://example.com/page',
  clicks: 3,
  created_at: '2026-11-22T10:00:00.123Z',
  title: 'Example',
};

describe('Link', () => {
  it('reads the wire fields into camelCase', () => {
    expect(Link.parse(wireLink)).toEqual({
      shortUrl: 'https://sho.rt/abc',
      destinationUrl: 'https://example.com/page',
      clicks: 3,
      createdAt: '2026-11-22T10:00:00.123Z',
      title: 'Example',
    });
  });

  it('ignores fields it does not know', () => {
    const link = Link.parse({ ...wireLink, success: true, qr_code: 'data:...', tags: ['a'] });
    expect(Object.keys(link).sort()).toEqual([
      'clicks',
      'createdAt',
      'destinationUrl',
      'shortUrl',
      'title',
    ]);
  });

  it.each([
    ['null', null],
    ['missing', undefined],
    ['not text', 42],
  ])('reads a %s title as an empty one', (_, title) => {
    expect(Link.parse({ ...wireLink, title }).title).toBe('');
  });

  it.each([
    ['a number', 7, 7],
    ['a numeric string', '1200', 1200],
    ['null', null, 0],
    ['missing', undefined, 0],
    ['not a number', 'many', 0],
    ['negative', -4, 0],
  ])('reads clicks given as %s', (_, clicks, expected) => {
    expect(Link.parse({ ...wireLink, clicks }).clicks).toBe(expected);
  });

  it.each([
    ['with milliseconds and Z', '2026-11-22T10:00:00.123Z', '2026-11-22T10:00:00.123Z'],
    ['with a +00:00 offset', '2026-11-22T10:00:00+00:00', '2026-11-22T10:00:00.000Z'],
    ['with another offset', '2026-11-22T12:30:00+02:30', '2026-11-22T10:00:00.000Z'],
    ['with a negative offset', '2026-11-22T05:00:00-05:00', '2026-11-22T10:00:00.000Z'],
    ['without a zone, as UTC', '2026-11-22T10:00:00', '2026-11-22T10:00:00.000Z'],
    ['on a day its month does not have', '2026-02-30T10:00:00.000Z', ''],
    ['on the 31st of a month that has it', '2026-12-31T10:00:00.000Z', '2026-12-31T10:00:00.000Z'],
    ['with spaces around it', ' 2026-11-22T10:00:00.123Z ', '2026-11-22T10:00:00.123Z'],
    ['with a month that does not exist', '2026-13-01T10:00:00.000Z', ''],
    ['unparseable', 'yesterday', ''],
    ['missing', undefined, ''],
  ])('normalizes a creation date %s', (_, createdAt, expected) => {
    expect(Link.parse({ ...wireLink, created_at: createdAt }).createdAt).toBe(expected);
  });

  it('writes every UTC date as toISOString does, the common forms taken without a Date', () => {
    for (const value of [
      '2026-11-22T10:00:00+00:00',
      '2026-11-22T10:00:00Z',
      '2026-11-22T10:00:00.123Z',
      '2026-11-22T10:00:00.123+00:00',
      '2024-02-29T23:59:59+00:00',
      '2026-01-31T00:00:00Z',
      '2026-12-30T12:00:00+00:00',
      '0999-03-01T00:00:00Z',
    ]) {
      expect(normalizeTimestamp(value), value).toBe(new Date(value).toISOString());
    }
  });

  it('makes both date forms of the interface sort as strings', () => {
    const dates = ['2026-11-22T10:00:00+00:00', '2026-11-22T09:59:59.999Z'].map(normalizeTimestamp);
    expect([...dates].sort()).toEqual([dates[1], dates[0]]);
  });

  it('reads a link with only its two URLs', () => {
    expect(
      Link.parse({ short_url: 'https://sho.rt/a', destination_url: 'https://example.com' }),
    ).toEqual({
      shortUrl: 'https://sho.rt/a',
      destinationUrl: 'https://example.com',
      clicks: 0,
      createdAt: '',
      title: '',
    });
  });

  it.each([
    ['short_url', { ...wireLink, short_url: undefined }],
    ['destination_url', { ...wireLink, destination_url: null }],
  ])('requires %s', (_, body) => {
    expect(Link.safeParse(body).success).toBe(false);
  });

  it.each([
    ['a javascript: address', 'javascript:alert(1)'],
    ['a data: address', 'data:text/html,<b>hi</b>'],
    ['a file: address', 'file:///etc/passwd'],
    ['a bare back-half', 'abc'],
    ['a host without a scheme', 'sho.rt/abc'],
    ['an empty string', ''],
  ])('refuses a short URL that is %s', (_, shortUrl) => {
    expect(Link.safeParse({ ...wireLink, short_url: shortUrl }).success).toBe(false);
  });

  it.each(['https://sho.rt/abc', 'http://localhost:8787/abc', 'HTTPS://Go.Example.com/x'])(
    'accepts the http(s) short URL %s',
    (shortUrl) => {
      expect(Link.parse({ ...wireLink, short_url: shortUrl }).shortUrl).toBe(shortUrl);
    },
  );
});

describe('plainLinkReader', () => {
  const shortUrls = [
    'https://sho.rt/abc',
    'http://localhost:8787/x_1',
    'HTTPS://SHO.RT/Upper',
    'https://user:pw@sho.rt:8443/a?b=c#d',
    'https://sho.rt',
    'https://sho.rt?only=query',
    'https://sho.rt/with space',
    'https://sho.rt/tab\there',
    ' https://sho.rt/lead',
    'https://sho.rt/trail ',
    'https://sho.rt/line\nbreak',
    'https://sho.rt/ünï/%zz/\\back',
    'https:/one-slash/x',
    'https:///no-host',
    'javascript://sho.rt/%0Aalert(1)',
    'data://sho.rt/x',
    'ftp://sho.rt/x',
    'not a url',
    '',
  ];
  const clicks = [0, -0, 7, 1.5, -1, '3', Number.NaN, 1e20, null, undefined];
  const dates = [
    '2026-11-22T10:00:00.123Z',
    '2026-01-31T23:59:59.999Z',
    '2026-02-28T00:00:00.000Z',
    '2024-02-29T12:00:00.000Z',
    '2024-01-01T00:00:00+00:00',
    '2024-01-31T23:59:59+00:00',
    '2026-02-30T00:00:00+00:00',
    '2026-11-22T10:00:00.5Z',
    '2026-11-22T10:00:00+00:00 ',
    '2026-02-29T12:00:00.000Z',
    '2026-04-31T12:00:00.000Z',
    '2026-11-22T10:00:00Z',
    '2026-11-22T11:00:00+01:00',
    '2026-11-22T10:00:00.123',
    'yesterday',
    12345,
    undefined,
  ];
  const titles = ['Example', '', null, undefined, 42];
  const destinations = ['https://example.com/page', '', 7, undefined];

  it('answers what Link answers, for every row it takes', () => {
    let taken = 0;
    let rows = 0;
    // One reader across rows, as in a list: origins it has checked carry over.
    const read = plainLinkReader();
    for (const short_url of shortUrls)
      for (const click of clicks)
        for (const created_at of dates)
          for (const title of titles)
            for (const destination_url of destinations) {
              const row = { short_url, destination_url, clicks: click, created_at, title, x: 1 };
              rows++;
              const plain = read(row);
              if (plain === undefined) continue;
              taken++;
              const parsed = Link.safeParse(row);
              expect(parsed.success, JSON.stringify(row)).toBe(true);
              expect(Object.is(plain.clicks, parsed.data?.clicks), JSON.stringify(row)).toBe(true);
              expect(plain, JSON.stringify(row)).toEqual(parsed.data);
            }
    // It takes the rows our service writes: of these, every valid one on a plain short URL.
    expect(rows).toBe(64_600);
    expect(taken).toBeGreaterThanOrEqual(200);
    expect(read(wireLink)).toEqual(Link.parse(wireLink));
  });

  it('leaves a short URL that is not http(s) to Link, which refuses it', () => {
    const read = plainLinkReader();
    for (const short_url of ['javascript://sho.rt/x', 'data://sho.rt/x', 'ftp://sho.rt/x']) {
      expect(read({ ...wireLink, short_url })).toBeUndefined();
      expect(Link.safeParse({ ...wireLink, short_url }).success).toBe(false);
    }
  });
});

describe('Domain', () => {
  it('reads the wire fields into camelCase', () => {
    expect(
      Domain.parse({
        domain: 'go.example.com',
        subdomain: 'go',
        root_domain: 'example.com',
        created_at: '2026-11-22T10:00:00+00:00',
      }),
    ).toEqual({
      domain: 'go.example.com',
      subdomain: 'go',
      rootDomain: 'example.com',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
  });

  it('derives the subdomain and root domain when they are missing', () => {
    expect(Domain.parse({ domain: 'links.brand.co.uk', subdomain: null })).toMatchObject({
      subdomain: 'links',
      rootDomain: 'brand.co.uk',
      createdAt: '',
    });
  });
});

describe('response envelopes', () => {
  it('reads a link answer with its fields at the top level', () => {
    expect(LinkResponse.parse({ success: true, ...wireLink }).shortUrl).toBe('https://sho.rt/abc');
  });

  it('skips a list entry that cannot be read and keeps the others', () => {
    const links = LinkListResponse.parse({
      success: true,
      links: [
        wireLink,
        { destination_url: 'https://x.test' },
        'odd',
        null,
        { ...wireLink, short_url: 'https://sho.rt/def' },
      ],
    });
    expect(links.map((link) => link.shortUrl)).toEqual([
      'https://sho.rt/abc',
      'https://sho.rt/def',
    ]);
  });

  it('rejects a list answer without a list', () => {
    expect(LinkListResponse.safeParse({ success: true, items: [] }).success).toBe(false);
  });

  it('skips a domain entry that cannot be read', () => {
    const domains = DomainListResponse.parse({
      domains: [{ domain: 'go.example.com' }, { host: 'x' }],
    });
    expect(domains.map((domain) => domain.domain)).toEqual(['go.example.com']);
  });

  it.each([
    [
      'with a message',
      { success: true, message: 'Deleted https://sho.rt/abc' },
      'Deleted https://sho.rt/abc',
    ],
    ['without a message', { success: true }, ''],
  ])('reads a delete answer %s', (_, body, message) => {
    expect(DeleteResponse.parse(body)).toEqual({ message });
  });
});

describe('inputs', () => {
  it('sends a create input in snake_case without the fields left empty', () => {
    expect(
      toCreateLinkBody({
        destinationUrl: 'https://example.com',
        backHalf: '',
        title: '',
        domain: '',
      }),
    ).toEqual({ destination_url: 'https://example.com' });
    expect(
      toCreateLinkBody({
        destinationUrl: 'https://example.com',
        backHalf: 'spring',
        title: 'Spring',
        domain: 'go.example.com',
      }),
    ).toEqual({
      destination_url: 'https://example.com',
      back_half: 'spring',
      title: 'Spring',
      domain: 'go.example.com',
    });
  });

  it('sends an emptied title in an update, and leaves out what did not change', () => {
    expect(toUpdateLinkBody({ title: '' })).toEqual({ title: '' });
    expect(toUpdateLinkBody({ destinationUrl: 'https://example.com/new' })).toEqual({
      destination_url: 'https://example.com/new',
    });
  });

  it('checks a create input with the contract rules, for forms', () => {
    expect(CreateLinkInput.safeParse({ destinationUrl: 'https://example.com' }).success).toBe(true);
    expect(CreateLinkInput.safeParse({ destinationUrl: 'example' }).success).toBe(false);
    expect(
      CreateLinkInput.safeParse({ destinationUrl: 'https://example.com', backHalf: 'a b' }).success,
    ).toBe(false);
  });
});
