import { describe, expect, it } from 'vitest';
import { importBytesOf, planImportFile, planImportText, rowsToSend } from './import-plan.ts';

const account = {
  links: [
    { shortUrl: 'https://sho.rt/same', destinationUrl: 'https://example.com/same' },
    { shortUrl: 'https://sho.rt/taken', destinationUrl: 'https://example.com/other' },
    { shortUrl: 'https://go.example.com/brand', destinationUrl: 'https://example.com/brand' },
  ],
  domains: ['go.example.com'],
};

const bytes = (text: string) => new TextEncoder().encode(text);

describe('Check: the expiry and click limit of each row', () => {
  const NOW = Date.parse('2026-11-28T12:00:00Z');
  const text = [
    'url,slug,expires_at,max_clicks',
    'https://example.com/ends,ends,2026-12-31T23:59:00Z,250',
    'https://example.com/plain,plain,,',
    'https://example.com/past,past,2026-11-01T00:00:00Z,',
    'https://example.com/zero,zero,,0',
  ].join('\n');

  it('carries them where the service offers them, and sets a row with a bad one aside', () => {
    const offered = { expiresAt: true, maxClicks: true };
    const result = planImportText(text, { ...account, offered }, undefined, NOW);
    if (!result.ok) throw new Error(result.issue.code);
    expect(result.plan.toMake).toEqual([
      expect.objectContaining({
        backHalf: 'ends',
        expiresAt: '2026-12-31T23:59:00.000Z',
        maxClicks: 250,
      }),
      expect.objectContaining({ backHalf: 'plain', expiresAt: undefined, maxClicks: undefined }),
    ]);
    expect(result.plan.invalid).toEqual([
      {
        row: 4,
        destinationUrl: 'https://example.com/past',
        backHalf: 'past',
        issue: { code: 'linkEnd', column: 'expires_at', problem: 'past' },
      },
      {
        row: 5,
        destinationUrl: 'https://example.com/zero',
        backHalf: 'zero',
        issue: { code: 'linkEnd', column: 'max_clicks', problem: 'notInRange' },
      },
    ]);
  });

  it('neither sends nor checks a column the service does not offer', () => {
    const result = planImportText(text, account, undefined, NOW);
    if (!result.ok) throw new Error(result.issue.code);
    expect(result.plan.invalid).toEqual([]);
    expect(result.plan.toMake).toHaveLength(4);
    for (const row of result.plan.toMake) {
      expect(row).toMatchObject({ expiresAt: undefined, maxClicks: undefined });
    }
  });
});

describe('Check: a file held against the account’s links', () => {
  it('tells what will be made, what is there, what collides, what is invalid and which domains are missing', () => {
    const result = planImportText(
      [
        'url,slug,domain',
        'https://example.com/new,new,',
        'https://example.com/same,same,',
        'https://example.com/mine,taken,',
        'https://example.com/brand,brand,go.example.com',
        'https://example.com/brand,brand,',
        'not a url,x,',
        'https://example.com/elsewhere,e,not-added.example',
        'https://example.com/same,,',
        'https://example.com/fresh,,',
        'https://example.com/fresh,,',
      ].join('\n'),
      account,
    );
    if (!result.ok) throw new Error(result.issue.code);
    const { plan } = result;
    expect(plan.toMake.map((row) => [row.row, row.backHalf, row.domain])).toEqual([
      [2, 'new', undefined],
      [6, 'brand', undefined],
      [10, undefined, undefined],
    ]);
    // Each row set aside keeps its destination and back-half, for the report.
    expect(plan.alreadyThere).toEqual([
      {
        row: 3,
        destinationUrl: 'https://example.com/same',
        backHalf: 'same',
        shortUrl: 'https://sho.rt/same',
      },
      {
        row: 5,
        destinationUrl: 'https://example.com/brand',
        backHalf: 'brand',
        shortUrl: 'https://go.example.com/brand',
      },
      {
        row: 9,
        destinationUrl: 'https://example.com/same',
        backHalf: undefined,
        shortUrl: 'https://sho.rt/same',
      },
      {
        row: 11,
        destinationUrl: 'https://example.com/fresh',
        backHalf: undefined,
        shortUrl: '(this file)',
      },
    ]);
    expect(plan.collisions).toMatchObject([
      { row: 4, backHalf: 'taken', heldBy: 'https://example.com/other' },
    ]);
    expect(plan.invalid).toEqual([
      {
        row: 7,
        destinationUrl: 'not a url',
        backHalf: 'x',
        issue: {
          code: 'fieldRule',
          field: 'destinationUrl',
          detail: expect.objectContaining({ message: expect.stringMatching(/not a web address/) }),
        },
      },
      {
        row: 8,
        destinationUrl: 'https://example.com/elsewhere',
        backHalf: 'e',
        issue: { code: 'domainNotAdded', domain: 'not-added.example' },
      },
    ]);
    expect(plan.unknownDomains).toEqual(['not-added.example']);
    expect(rowsToSend(plan, 'skip').map((row) => row.row)).toEqual([2, 6, 10]);
    expect(rowsToSend(plan, 'generate').map((row) => [row.row, row.backHalf])).toEqual([
      [2, 'new'],
      [4, undefined],
      [6, 'brand'],
      [10, undefined],
    ]);
  });

  it('keeps a short URL on a domain of the account, and another service’s on the default one', () => {
    const result = planImportText(
      'link,long_url\nhttps://go.example.com/kept,https://example.com/k\nhttps://bit.ly/moved,https://example.com/m\n',
      account,
    );
    expect(result.ok && result.plan.toMake.map((row) => [row.backHalf, row.domain])).toEqual([
      ['kept', 'go.example.com'],
      ['moved', undefined],
    ]);
  });

  it.each([
    ['a spreadsheet', Uint8Array.from([0x50, 0x4b, 3, 4, 0]), { code: 'archive' }],
    ['an empty file', bytes(''), { code: 'empty' }],
    ['no column of addresses', bytes('a,b\n1,2\n'), { code: 'noDestinationColumn' }],
    [
      'over 100,000 rows',
      bytes(`url\n${'https://example.com/\n'.repeat(100_001)}`),
      { code: 'tooManyRows', rows: 100_001, max: 100_000 },
    ],
    ['over 50 MB', new Uint8Array(50 * 1024 * 1024 + 1), { code: 'tooLarge', megabytes: 50 }],
  ])('refuses %s, saying why', (_, file, issue) => {
    expect(planImportFile(file, account)).toMatchObject({ ok: false, issue });
  });

  it('takes the columns chosen by hand', () => {
    const result = planImportText('Where,Name\nhttps://example.com/x,X\n', account, {
      destination: 0,
      title: 1,
    });
    expect(result.ok && result.plan.toMake).toEqual([
      {
        row: 2,
        destinationUrl: 'https://example.com/x',
        title: 'X',
        backHalf: undefined,
        domain: undefined,
      },
    ]);
  });

  it('checks 10,000 rows against 10,000 links quickly', () => {
    const many = {
      links: Array.from({ length: 10_000 }, (_, i) => ({
        shortUrl: `https://sho.rt/l${i}`,
        destinationUrl: `https://example.com/${i}`,
      })),
      domains: [],
    };
    const text = `url,slug\n${Array.from({ length: 10_000 }, (_, i) => `https://example.com/${i},r${i}`).join('\n')}`;
    const started = performance.now();
    const result = planImportText(text, many);
    expect(result.ok && result.plan.toMake).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('importBytesOf', () => {
  /** A file of `size` bytes that records what is read of it, without holding them. */
  const hugeFile = (size: number) => {
    const read: number[] = [];
    const file = {
      size,
      slice: (start = 0, end = size) => {
        read.push(end - start);
        return new Blob([new Uint8Array(end - start)]);
      },
      arrayBuffer: () => {
        read.push(size);
        return new Blob([new Uint8Array(size)]).arrayBuffer();
      },
    } as unknown as Blob;
    return { file, read };
  };

  it('reads one byte past the limit of a 560 MB file, and the plan says it is too large', async () => {
    const { file, read } = hugeFile(560 * 1024 * 1024);
    const bytes = await importBytesOf(file);
    expect(read).toEqual([50 * 1024 * 1024 + 1]);
    expect(planImportFile(new Uint8Array(bytes), { links: [], domains: [] })).toMatchObject({
      ok: false,
      issue: { code: 'tooLarge', megabytes: 50 },
    });
  });

  it('reads a file within the limit whole', async () => {
    const bytes = await importBytesOf(new Blob(['url\nhttps://example.com/\n']));
    expect(new TextDecoder().decode(bytes)).toBe('url\nhttps://example.com/\n');
  });
});
