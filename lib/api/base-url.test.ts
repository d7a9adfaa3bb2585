import { describe, expect, it } from 'vitest';
import { withScheme } from './base-url.ts';

describe('withScheme', () => {
  it.each([
    ['localhost:8787', 'http://localhost:8787'],
    ['localhost', 'http://localhost'],
    [' localhost:8787/api ', 'http://localhost:8787/api'],
    ['127.0.0.1:9000', 'http://127.0.0.1:9000'],
    ['[::1]:8787', 'http://[::1]:8787'],
    ['links.localhost:8787', 'http://links.localhost:8787'],
    ['api.example.com', 'https://api.example.com'],
    ['api.example.com:8443/v1', 'https://api.example.com:8443/v1'],
    ['LOCALHOST:8787', 'http://LOCALHOST:8787'],
  ])('gives %s the scheme the address bar would: %s', (typed, address) => {
    expect(withScheme(typed)).toBe(address);
  });

  it.each([
    'https://api.example.com',
    'http://localhost:8787',
    'HTTP://localhost:8787',
    'ftp://example.com',
    '',
  ])('leaves %s as it is', (typed) => {
    expect(withScheme(typed)).toBe(typed);
  });
});
