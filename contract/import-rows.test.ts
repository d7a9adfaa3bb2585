import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linksToCsv } from '../entrypoints/options/links/links-csv.ts';
import { decodeImportFile, importRows, readImportText, recogniseColumns } from './import-file.ts';
import {
  checkImportLinkEnd,
  checkImportRow,
  type ImportLink,
  importSummary,
} from './import-rows.ts';

const FIXTURES = new URL('../test/fixtures/import/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

/** The links a file's text makes, or the first problem. */
function linksOf(text: string): ImportLink[] {
  const read = readImportText(text);
  if (!read.ok) throw new Error(read.problem);
  return importRows(read.table).map((row) => {
    const checked = checkImportRow(row);
    if (!checked.ok) throw new Error(`row ${checked.row}: ${checked.reason}`);
    return checked.link;
  });
}

describe('the columns of the exports people have', () => {
  it.each([
    ['bitly.csv', 'bitly', 'bit.ly', 'Bitly one'],
    ['rebrandly.csv', 'rebrandly', 'links.acme.example', 'Rebrandly one'],
    ['shortio.csv', 'shortio', 'short.gy', 'Short.io one'],
    ['dub.csv', 'dub', 'dub.sh', ''],
    ['kutt.csv', 'kutt', 'kutt.it', 'Kutt one'],
    ['shlink.csv', 'shlink', undefined, 'Shlink one'],
    ['yourls.csv', 'yourls', undefined, 'YOURLS one'],
  ])('%s gives destination, back-half and title', (file, name, host, title) => {
    const text = decodeImportFile(fixture(file));
    if (!('text' in text)) throw new Error(text.problem);
    const links = linksOf(text.text);
    expect(links).toHaveLength(3);
    expect(links[0]).toMatchObject({
      row: 2,
      destinationUrl: `https://example.com/${name}/one`,
      backHalf: `${name}-1`,
      title,
      shortUrlHost: host,
    });
  });

  it('reads a semicolon-separated file, with a separator inside quotes', () => {
    const read = readImportText(fixture('shlink.csv').toString());
    expect(read.ok && read.table.delimiter).toBe(';');
    expect(linksOf(fixture('shlink.csv').toString())[2]?.title).toBe('Shlink; three');
  });

  it('reads our own export back: byte-order mark, quoted line break, a formula cell as text', () => {
    const text = decodeImportFile(fixture('ours.csv'));
    if (!('text' in text)) throw new Error(text.problem);
    const links = linksOf(text.text);
    expect(links.map((link) => [link.backHalf, link.shortUrlHost, link.title])).toEqual([
      ['ours-1', 'localhost:8787', 'Our first'],
      ['ours-2', 'localhost:8787', '=SUM(1,2)'],
      ['ours-3', 'localhost:8787', 'Line one line two'],
    ]);
  });

  it('round-trips what "Export CSV" writes', () => {
    const exported = linksToCsv([
      {
        shortUrl: 'https://go.example.com/spring',
        destinationUrl: 'https://example.com/a?b=c',
        title: '+1 "quoted", and, commas',
        clicks: 2,
        createdAt: '2026-11-22T10:00:00+00:00',
      },
    ] as never);
    expect(linksOf(exported)).toEqual([
      {
        row: 2,
        destinationUrl: 'https://example.com/a?b=c',
        backHalf: 'spring',
        title: '+1 "quoted", and, commas',
        domain: undefined,
        shortUrlHost: 'go.example.com',
      },
    ]);
  });

  it('takes pasted lines of addresses, with no header', () => {
    const links = linksOf(fixture('lines.txt').toString());
    expect(links.map((link) => [link.row, link.destinationUrl, link.backHalf])).toEqual([
      [1, 'https://example.com/pasted/one', undefined],
      [2, 'https://example.com/pasted/two', undefined],
      [4, 'https://example.com/pasted/three', undefined],
    ]);
  });

  it('names each column once, the first name in the list winning', () => {
    expect(recogniseColumns(['URL', 'Long URL', 'Slug', 'Title', 'Domain'])).toEqual({
      destination: 1,
      backHalf: 2,
      title: 3,
      domain: 4,
    });
  });

  it('lets a column be chosen by hand when none is recognised', () => {
    const read = readImportText('Where,Name\nhttps://example.com/x,X\n');
    expect(read).toMatchObject({ ok: false, problem: expect.stringMatching(/^No column holds/) });
    if (read.ok || !read.table) throw new Error('expected a table');
    const [row] = importRows(read.table, { destination: 0, title: 1 });
    expect(row && checkImportRow(row)).toMatchObject({
      ok: true,
      link: { destinationUrl: 'https://example.com/x', title: 'X' },
    });
  });
});

describe('every row of a file is read, or the file is refused where it broke', () => {
  it('reads rows ended by CRLF, LF and CR mixed in one file, each on its own', () => {
    const text =
      'url,title\r\nhttps://example.com/1,One\nhttps://example.com/2,Two\rhttps://example.com/3,Three\r\n' +
      'https://example.com/4,"Four\r\nlines"\rhttps://example.com/5,Five\nhttps://example.com/6,Six';
    expect(linksOf(text).map((link) => [link.row, link.destinationUrl, link.title])).toEqual([
      [2, 'https://example.com/1', 'One'],
      [3, 'https://example.com/2', 'Two'],
      [4, 'https://example.com/3', 'Three'],
      [5, 'https://example.com/4', 'Four lines'],
      [6, 'https://example.com/5', 'Five'],
      [7, 'https://example.com/6', 'Six'],
    ]);
  });

  it('numbers each row as a spreadsheet shows it, blank rows counted and skipped', () => {
    const text =
      'url,title\n\nhttps://example.com/1,One\n,\n  \nhttps://example.com/2,"Two\nlines"\nhttps://example.com/3,Three\n';
    expect(linksOf(text).map((link) => [link.row, link.title])).toEqual([
      [3, 'One'],
      [6, 'Two lines'],
      [7, 'Three'],
    ]);
  });

  it.each([
    [
      'that a later quote closes, folding rows into one title',
      'url,title\nhttps://example.com/1,"One\nhttps://example.com/2,Two\nhttps://example.com/3,"Three"\nhttps://example.com/4,Four\n',
      2,
    ],
    [
      'that runs to the end of the file',
      'url,title\nhttps://example.com/1,One\nhttps://example.com/2,Two\nhttps://example.com/3,"Three\nhttps://example.com/4,Four\n',
      4,
    ],
    [
      'among mixed line ends',
      'url,title\r\nhttps://example.com/1,One\rhttps://example.com/2,Two\nhttps://example.com/3,"Three\r\nhttps://example.com/4,Four\rhttps://example.com/5,"Five"\n',
      4,
    ],
    [
      'inside a quoted cell',
      'url,title\nhttps://example.com/1,"Say "hi" now"\nhttps://example.com/2,Two\n',
      2,
    ],
  ])('refuses a quote left open %s, naming its line', (_, text, line) => {
    expect(readImportText(text)).toMatchObject({
      ok: false,
      issue: { code: 'unclosedQuote', line },
      problem: `Line ${line} opens a quote (") that is not closed where its cell ends, so the rows after it cannot be told apart: close the quote or remove it, and import the file again.`,
    });
  });

  it('keeps a quote inside a cell that does not start with one', () => {
    expect(linksOf('url,title\nhttps://example.com/1,Say "hi" now\n')[0]?.title).toBe(
      'Say "hi" now',
    );
  });
});

describe('bad input gets one sentence', () => {
  const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
  it.each([
    ['a spreadsheet (.xlsx)', bytes('PK\x03\x04\x14\x00rest'), /spreadsheet or an archive/],
    ['an old spreadsheet (.xls)', bytes('\xD0\xCF\x11\xE0\xA1\xB1'), /old Excel format/],
    ['a PNG image', bytes('\x89PNG\r\n\x1a\n'), /an image \(PNG\)/],
    ['a JPEG image', bytes('\xFF\xD8\xFF\xE0'), /an image \(JPEG\)/],
    ['text that is not UTF-8', bytes('url\nhttps://example.com/caf\xE9\n'), /not UTF-8/],
    ['text with NUL bytes', bytes('u\0r\0l\0'), /not text/],
  ])('%s', (_, file, sentence) => {
    expect(decodeImportFile(file)).toMatchObject({ problem: expect.stringMatching(sentence) });
  });

  it.each([
    ['an empty file', '', /^The file is empty/],
    ['a byte-order mark and blank lines only', '\uFEFF\r\n\r\n', /^The file is empty/],
    ['a header and no rows', 'destination_url,title\n', /header but no rows/],
    ['no column of addresses', 'name,count\nA,1\n', /^No column holds the addresses/],
  ])('%s', (_, text, sentence) => {
    expect(readImportText(text)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(sentence),
    });
  });

  it.each([
    ['an empty destination', { destination: '' }, 'The destination URL is empty.'],
    ['not a web address', { destination: 'example.com' }, /not a web address/],
    ['a javascript: address', { destination: 'javascript:alert(1)' }, /not a web address|http/],
    ['credentials', { destination: 'https://me:pw@example.com/' }, /user or password/],
    ['a control character', { destination: 'https://example.com/\u0007' }, /control characters/],
    ['a bad back-half', { backHalf: 'a/b' }, /may use only letters/],
    ['a long title', { title: 'x'.repeat(256) }, /too long/],
    ['a short URL that is no address', { shortUrl: 'http://' }, /is not a web address/],
  ])('a row with %s is invalid, with the reason', (_, fields, reason) => {
    const row = {
      row: 5,
      destination: 'https://example.com/',
      backHalf: '',
      title: '',
      domain: '',
      shortUrl: '',
      ...fields,
    };
    expect(checkImportRow(row)).toMatchObject({
      ok: false,
      row: 5,
      reason: expect.stringMatching(reason),
    });
  });

  it('normalises a destination as the API does', () => {
    const [link] = linksOf('url\nHTTPS://Example.COM/a b\n');
    expect(link?.destinationUrl).toBe('https://example.com/a%20b');
  });
});

describe('the expiry and click limit of a row', () => {
  const NOW = Date.parse('2026-11-28T12:00:00Z');
  const rowsOf = (text: string) => {
    const read = readImportText(text);
    if (!read.ok) throw new Error(read.problem);
    return importRows(read.table);
  };

  it("reads our columns and Shlink's names for them", () => {
    expect(recogniseColumns(['url', 'expires_at', 'max_clicks'])).toMatchObject({
      expiresAt: 1,
      maxClicks: 2,
    });
    expect(recogniseColumns(['longUrl', 'validUntil', 'maxVisits'])).toMatchObject({
      expiresAt: 1,
      maxClicks: 2,
    });
  });

  it('round-trips what "Export CSV" writes where the service offers them', () => {
    const exported = linksToCsv(
      [
        {
          shortUrl: 'https://go.example.com/ends',
          destinationUrl: 'https://example.com/ends',
          title: '',
          clicks: 0,
          createdAt: '2026-11-22T10:00:00+00:00',
          expiresAt: '2026-12-31T23:59:00.000Z',
          maxClicks: 250,
        },
        {
          shortUrl: 'https://go.example.com/stays',
          destinationUrl: 'https://example.com/stays',
          title: '',
          clicks: 0,
          createdAt: '2026-11-22T10:00:00+00:00',
          expiresAt: null,
          maxClicks: null,
        },
      ] as never,
      {
        linkFields: {
          create: new Set(['expires_at', 'max_clicks']),
          update: new Set(),
          answer: new Set(),
        },
        operations: new Set(),
      },
    );
    expect(rowsOf(exported).map((row) => checkImportLinkEnd(row, NOW))).toEqual([
      { ok: true, expiresAt: '2026-12-31T23:59:00.000Z', maxClicks: 250 },
      { ok: true, expiresAt: null, maxClicks: null },
    ]);
  });

  it('takes an offset other than Z, as the instant it names', () => {
    expect(checkImportLinkEnd({ expiresAt: ' 2027-01-01T01:00:00+02:00 ' }, NOW)).toEqual({
      ok: true,
      expiresAt: '2026-12-31T23:00:00.000Z',
      maxClicks: null,
    });
  });

  it.each([
    ['a date without its time', { expiresAt: '2026-12-31' }, 'expires_at', /ISO 8601/],
    ['a time without its offset', { expiresAt: '2026-12-31T23:59:00' }, 'expires_at', /ISO 8601/],
    ['words', { expiresAt: 'next week' }, 'expires_at', /ISO 8601/],
    ['a past expiry', { expiresAt: '2026-11-28T11:59:59Z' }, 'expires_at', /in the future/],
    ['a limit of 0', { maxClicks: '0' }, 'max_clicks', /whole number from 1 to 1,000,000,000/],
    ['a negative limit', { maxClicks: '-5' }, 'max_clicks', /whole number/],
    ['a fraction', { maxClicks: '2.5' }, 'max_clicks', /whole number/],
    ['an exponent', { maxClicks: '1e3' }, 'max_clicks', /whole number/],
    ['a limit too large', { maxClicks: '1000000001' }, 'max_clicks', /whole number/],
  ])('%s makes the row invalid, naming the column', (_, cells, column, rule) => {
    const checked = checkImportLinkEnd(cells, NOW);
    expect(checked).toMatchObject({ ok: false, issue: { code: 'linkEnd', column } });
    if (checked.ok) return;
    expect(checked.reason).toMatch(rule);
    expect(checked.reason).toMatch(new RegExp(`\\(column ${column}\\)\\.$`));
  });
});

it('says the last line of an import in one form', () => {
  expect(importSummary({ created: 1, invalid: 2, back_half_taken: 3, already_there: 4 })).toBe(
    'Imported 1 link; skipped 9 (invalid: 2, back-half taken: 3, already there: 4)',
  );
});
