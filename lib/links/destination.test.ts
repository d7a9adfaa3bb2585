import { describe, expect, it } from 'vitest';
import { fixUpDestination, parseDestination } from './destination.ts';

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

describe('parseDestination', () => {
  it.each([
    ['example.com/foo', 'https://example.com/foo'],
    [' https://example.com/a ', 'https://example.com/a'],
    // As the service stores it: normalised, a space in the path encoded.
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['HTTP://Example.COM', 'http://example.com/'],
  ])('accepts %j as %j', (typed, url) => {
    expect(parseDestination(typed)).toEqual({ url });
  });

  it.each(['not a url', 'just-a-word', 'mailto:someone@example.com'])(
    'refuses %j as no address at all',
    (typed) => {
      expect(parseDestination(typed)).toEqual({ problem: { code: 'notAnAddress' } });
    },
  );

  it.each([
    ['', { code: 'too_small' }],
    ['ftp://example.com/file', { code: 'custom', params: { problem: 'notHttp' } }],
    ['https://example.com/a\nb', { code: 'invalid_format' }],
    [
      'https://paypal.com@evil.example/login',
      { code: 'custom', params: { problem: 'credentials' } },
    ],
  ])("refuses %j with the contract's issue", (typed, issue) => {
    expect(parseDestination(typed)).toEqual({
      problem: { code: 'refused', values: { issue: expect.objectContaining(issue) } },
    });
  });
});
