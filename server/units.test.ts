import { describe, expect, it } from 'vitest';
import { BACK_HALF_PATTERN } from '../lib/contract.ts';
import { generateBackHalf } from './back-half.ts';
import { bearerToken, generateApiKey, hashApiKey } from './keys.ts';
import { createRateLimiter } from './rate-limit.ts';
import { createShortDomains } from './short-domain.ts';

describe('generateBackHalf', () => {
  it('makes 7 characters of [A-Za-z0-9], different each time', () => {
    const made = Array.from({ length: 2000 }, generateBackHalf);
    for (const backHalf of made) expect(backHalf).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(new Set(made).size).toBe(2000);
    expect(made.every((backHalf) => BACK_HALF_PATTERN.test(backHalf))).toBe(true);
  });
});

describe('API keys', () => {
  it('are long, random and hashed to a stable SHA-256', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^slk_[A-Za-z0-9_-]{32}$/);
    expect(generateApiKey()).not.toBe(key);
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
  });

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
    ['Bearer', undefined],
    ['Bearer a b', undefined],
    ['Basic abc', undefined],
    ['abc', undefined],
    [undefined, undefined],
  ])('reads the token of %j as %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});

describe('rate limiter', () => {
  it('allows the limit per window and then names the wait', () => {
    const limiter = createRateLimiter(2, 60_000);
    expect(limiter.take('k', 0)).toBe(0);
    expect(limiter.take('k', 1_000)).toBe(0);
    expect(limiter.take('k', 30_000)).toBe(30);
    expect(limiter.take('other', 30_000)).toBe(0);
    expect(limiter.take('k', 60_000)).toBe(0);
  });

  it('is off at 0', () => {
    const limiter = createRateLimiter(0);
    for (let i = 0; i < 100; i++) expect(limiter.take('k')).toBe(0);
  });
});

describe('short domains', () => {
  const local = createShortDomains('localhost:8787');
  const hosted = createShortDomains('sho.rt');

  it('builds short URLs: http on loopback hosts, https elsewhere', () => {
    expect(local.shortUrl('', 'abc')).toBe('http://localhost:8787/abc');
    expect(local.shortUrl('go.localhost', 'abc')).toBe('http://go.localhost:8787/abc');
    expect(local.shortUrl('go.example.com', 'abc')).toBe('https://go.example.com/abc');
    expect(hosted.shortUrl('', 'abc')).toBe('https://sho.rt/abc');
  });

  it.each([
    ['localhost:8787', ''],
    ['LOCALHOST:8787', ''],
    ['localhost', ''],
    ['go.example.com', 'go.example.com'],
    ['Go.Example.com.', 'go.example.com'],
    ['go.localhost:8787', 'go.localhost'],
    ['', undefined],
    ['a/b', undefined],
    ['user@host', undefined],
  ])('reads host %j as domain %j', (host, domain) => {
    expect(local.domainOf(host)).toBe(domain);
  });
});
