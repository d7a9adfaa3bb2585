import { describe, expect, it } from 'vitest';
import { type CopyFormat, formatForCopy } from './copy-formats.ts';

const shortUrl = 'https://go.example.com/abc';

describe('formatForCopy', () => {
  it.each<[CopyFormat, string, { text: string; html?: string }]>([
    ['link', 'A page', { text: shortUrl }],
    ['markdown', 'A page', { text: `[A page](${shortUrl})` }],
    ['markdown', '', { text: `<${shortUrl}>` }],
    [
      'markdown',
      'Use [brackets] and *stars*_',
      { text: `[Use \\[brackets\\] and \\*stars\\*\\_](${shortUrl})` },
    ],
    ['markdown', 'A back\\slash', { text: `[A back\\\\slash](${shortUrl})` }],
    ['markdown', 'Two\nlines', { text: `[Two lines](${shortUrl})` }],
    ['html', 'A page', { text: shortUrl, html: `<a href="${shortUrl}">A page</a>` }],
    ['html', '', { text: shortUrl, html: `<a href="${shortUrl}">${shortUrl}</a>` }],
    [
      'html',
      '<script>"Tom & Jerry"</script>',
      {
        text: shortUrl,
        html: `<a href="${shortUrl}">&lt;script&gt;&quot;Tom &amp; Jerry&quot;&lt;/script&gt;</a>`,
      },
    ],
    ['title-and-link', 'A page', { text: `A page\n${shortUrl}` }],
    ['title-and-link', '   ', { text: shortUrl }],
    ['title-and-link', 'مرحبا بالعالم', { text: `مرحبا بالعالم\n${shortUrl}` }],
  ])('copies as %s with the title %j', (format, title, expected) => {
    expect(formatForCopy(format, { shortUrl, title })).toEqual(expected);
  });

  it('encodes parentheses in a Markdown destination so the link does not end early', () => {
    expect(formatForCopy('markdown', { shortUrl: 'https://x.test/a(b)', title: 'T' }).text).toBe(
      '[T](https://x.test/a%28b%29)',
    );
  });

  it('escapes quotes in an HTML href', () => {
    expect(formatForCopy('html', { shortUrl: 'https://x.test/a"b', title: 'T' }).html).toBe(
      '<a href="https://x.test/a&quot;b">T</a>',
    );
  });
});
