import { describe, expect, it } from 'vitest';
import { checkDestination } from './destination-words.ts';

const NOT_A_WEB_ADDRESS =
  'This is not a web address. Type one such as \u2066https://example.com/page\u2069.';

describe('checkDestination', () => {
  it.each([
    ['example.com/foo', 'https://example.com/foo'],
    [' https://example.com/a ', 'https://example.com/a'],
    // As the service stores it: normalised, a space in the path encoded.
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['HTTP://Example.COM', 'http://example.com/'],
  ])('accepts %j as %j', (typed, url) => {
    expect(checkDestination(typed)).toEqual({ url });
  });

  it.each([
    ['not a url', NOT_A_WEB_ADDRESS],
    ['just-a-word', NOT_A_WEB_ADDRESS],
    ['mailto:someone@example.com', NOT_A_WEB_ADDRESS],
    ['', 'Enter the destination URL.'],
    [
      'ftp://example.com/file',
      'The destination URL must be a full web address starting with \u2066http://\u2069 or \u2066https://\u2069.',
    ],
    [
      'https://example.com/a\nb',
      'The destination URL must not contain line breaks or control characters.',
    ],
    [
      'https://paypal.com@evil.example/login',
      'The destination URL must not name a user or password before the host (as in \u2066https://name@host\u2069): such addresses disguise where a link leads.',
    ],
  ])('refuses %j with a sentence that says why', (typed, problem) => {
    expect(checkDestination(typed)).toEqual({ problem });
  });
});
