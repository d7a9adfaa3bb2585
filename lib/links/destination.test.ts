import { describe, expect, it } from 'vitest';
import { checkDestination, fixUpDestination } from './destination.ts';

const NOT_A_WEB_ADDRESS = 'This is not a web address. Type one such as https://example.com/page.';

describe('fixUpDestination', () => {
  it.each([
    ['example.com/foo', 'https://example.com/foo'],
    ['example.com', 'https://example.com'],
    ['  www.example.co.uk/a?b=1#c  ', 'https://www.example.co.uk/a?b=1#c'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['localhost:3000/dev', 'https://localhost:3000/dev'],
    ['bücher.de/seite', 'https://bücher.de/seite'],
    ['example.com?q=1', 'https://example.com?q=1'],
  ])('adds https:// to %j', (typed, fixed) => {
    expect(fixUpDestination(typed)).toBe(fixed);
  });

  it.each([
    ['https://example.com/foo'],
    ['http://example.com'],
    ['HTTPS://EXAMPLE.COM'],
    ['ftp://example.com/file'],
    ['mailto:someone@example.com'],
    ['not a url'],
    ['just-a-word'],
    ['user@example.com'],
    [''],
  ])('leaves %j as typed', (typed) => {
    expect(fixUpDestination(typed)).toBe(typed);
  });
});

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
      'The destination URL must be a full web address starting with http:// or https://.',
    ],
    [
      'https://example.com/a\nb',
      'The destination URL must not contain line breaks or control characters.',
    ],
    [
      'https://paypal.com@evil.example/login',
      'The destination URL must not name a user or password before the host (as in https://name@host): such addresses disguise where a link leads.',
    ],
  ])('refuses %j with a sentence that says why', (typed, problem) => {
    expect(checkDestination(typed)).toEqual({ problem });
  });
});
