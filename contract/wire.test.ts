// The shared field rules: what the extension checks as it is typed is what the service refuses.
import { describe, expect, it } from 'vitest';
import { DestinationUrl, DomainHost, Title } from './wire.ts';

const problemOf = (value: unknown) => DestinationUrl.safeParse(value).error?.issues[0]?.message;

describe('DestinationUrl', () => {
  it.each([
    ['HTTP://Example.COM', 'http://example.com/'],
    ['https://example.com/a page?q=two words', 'https://example.com/a%20page?q=two%20words'],
    ['https://аpple.com/', 'https://xn--pple-43d.com/'],
    ['  https://example.com/x \n', 'https://example.com/x'],
    ['https://example.com/@someone?to=a@b.example', 'https://example.com/@someone?to=a@b.example'],
  ])('gives %s as a browser parses it: %s', (typed, normalised) => {
    expect(DestinationUrl.parse(typed)).toBe(normalised);
  });

  it.each([
    ['', /^Enter the destination URL/],
    [42, /must be text/],
    ['example.com/foo', /^The destination URL is not a web address/],
    ['see my page', /^The destination URL is not a web address/],
    ['https://exa mple.com/', /^The destination URL is not a web address/],
    ['ftp://example.com/', /full web address starting with http:\/\/ or https:\/\//],
    ['javascript:alert(1)', /full web address starting with http:\/\/ or https:\/\//],
    ['https://example.com/a\nb', /line breaks or control characters/],
    ['https://exam\tple.com/', /line breaks or control characters/],
    ['https://example.com/\u0000', /line breaks or control characters/],
    ['https://example.com/\ud800', /broken character/],
    ['https://user:pass@example.com/', /user or password before the host/],
    ['https://paypal.com@evil.example/login', /user or password before the host/],
    ['https://paypal.com\\@evil.example/login', /user or password before the host/],
    [`https://example.com/${'x'.repeat(2029)}`, /at most 2048 characters\.$/],
    [`https://example.com/${' '.repeat(1000)}x`, /at most 2048 characters once encoded/],
  ])('refuses %j: %s', (typed, message) => {
    expect(problemOf(typed)).toMatch(message);
  });
});

describe('Title and DomainHost', () => {
  it('refuse text with half a surrogate pair, and keep whole emoji', () => {
    expect(Title.safeParse('Caf\ud83d').error?.issues[0]?.message).toMatch(/broken character/);
    expect(Title.parse('Café 🙂')).toBe('Café 🙂');
    expect(DomainHost.safeParse('go\udc00.example').success).toBe(false);
  });
});
