import { describe, expect, it } from 'vitest';
import type { Link } from '../../../lib/api/schemas.ts';
import { NO_OFFER, offerOfContract } from '../../../lib/api/service-offer.ts';
import { linksToCsv } from './links-csv.ts';

const link = (over: Partial<Link>): Link => ({
  shortUrl: 'http://localhost:8787/abc',
  destinationUrl: 'https://example.com/',
  clicks: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  title: '',
  ...over,
});

describe('linksToCsv', () => {
  it('quotes every cell, doubles quotes, keeps commas, line breaks and non-ASCII text', () => {
    const csv = linksToCsv([
      link({ title: 'Say "hi", then\nleave — ünïcödé 🎉', clicks: 3 }),
      link({ title: '=HYPERLINK("http://evil")' }),
    ]);
    expect(csv.startsWith('\uFEFFshort_url,destination_url,title,clicks,created_at\r\n')).toBe(
      true,
    );
    expect(csv).toContain('"Say ""hi"", then\nleave — ünïcödé 🎉","3"');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(4);
  });
});

describe('linksToCsv defuses cells a spreadsheet would run as a formula', () => {
  it.each([
    ['an equals sign', '=1+1'],
    ['a plus sign', '+1'],
    ['a minus sign', '-1'],
    ['an at sign', '@SUM(A1)'],
    ['a tab', '\t=1'],
    ['a carriage return', '\r=1'],
    ['a line feed', '\n=1'],
    ['a space', ' =1'],
    ['a no-break space', '\u00A0=1'],
    ['a full-width equals sign', '＝1+1'],
    ['a full-width plus sign', '＋1'],
    ['a full-width minus sign', '－1'],
    ['a full-width at sign', '＠SUM(A1)'],
  ])('prefixes a title starting with %s', (_name, title) => {
    const csv = linksToCsv([link({ title })]);
    expect(csv).toContain(`,"'${title}",`);
  });

  it.each([
    ['a letter', 'Plan'],
    ['a digit', '1+1'],
    ['an equals sign inside', 'a=b'],
  ])('leaves a title starting with %s as it is', (_name, title) => {
    expect(linksToCsv([link({ title })])).toContain(`,"${title}",`);
  });

  it('checks destinations too', () => {
    // A destination is an absolute URL, so only a crafted cache could hold one like this.
    expect(linksToCsv([link({ destinationUrl: '=HYPERLINK("x")' })])).toContain(
      `"'=HYPERLINK(""x"")"`,
    );
  });

  it('writes only the header for no links', () => {
    expect(linksToCsv([])).toBe('\uFEFFshort_url,destination_url,title,clicks,created_at\r\n');
  });
});

describe('linksToCsv where the service offers tags and when links end', () => {
  const schema = {
    properties: { tags: {}, expires_at: {}, max_clicks: {} },
  };
  const body = { content: { 'application/json': { schema } } };
  const offer = offerOfContract({
    openapi: '3.1.0',
    paths: { '/v1/links/{domain}/{back_half}': { get: { responses: { 200: body } } } },
  });
  const tagged = link({
    tags: [
      { id: 1, name: 'Client', color: 'red' },
      { id: 2, name: 'Spring 2026', color: 'green' },
    ],
    expiresAt: '2027-01-01T00:00:00.000Z',
    maxClicks: 100,
  });

  it('adds the columns tags (names joined by ", "), expires_at and max_clicks', () => {
    const lines = linksToCsv([tagged, link({ maxClicks: null, expiresAt: null })], offer).split(
      '\r\n',
    );
    expect(lines[0]).toBe(
      '\uFEFFshort_url,destination_url,title,clicks,created_at,tags,expires_at,max_clicks',
    );
    expect(lines[1]).toContain(',"Client, Spring 2026","2027-01-01T00:00:00.000Z","100"');
    expect(lines[2]?.endsWith(',"","",""')).toBe(true);
  });

  it('adds none of them for a service that does not offer them, whatever its answers carry', () => {
    expect(linksToCsv([tagged], NO_OFFER).split('\r\n')[0]).toBe(
      '\uFEFFshort_url,destination_url,title,clicks,created_at',
    );
  });
});
