import { describe, expect, it } from 'vitest';
import { bearerToken, generateApiKey, hashApiKey } from './keys.ts';

describe('generateApiKey', () => {
  it('makes keys of "slk_" and 32 base64url characters (192 bits), all different', () => {
    const keys = Array.from({ length: 1000 }, generateApiKey);
    for (const key of keys) expect(key).toMatch(/^slk_[A-Za-z0-9_-]{32}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('hashApiKey', () => {
  it('is the hex SHA-256 of the key', () => {
    expect(hashApiKey('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('gives the same hash for the same key and different hashes for different keys', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).not.toBe(hashApiKey(`${key}x`));
    expect(hashApiKey(key)).not.toContain(key.slice(4));
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer slk_abc', 'slk_abc'],
    ['bearer slk_abc', 'slk_abc'],
    ['BEARER slk_abc', 'slk_abc'],
    ['Bearer   slk_abc', 'slk_abc'],
    ['Bearer\tslk_abc\t ', 'slk_abc'],
    ['Bearer a.b~c+d/e=', 'a.b~c+d/e='],
    [`Bearer ${'k'.repeat(512)}`, 'k'.repeat(512)],
  ])('reads the token of %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['the scheme alone', 'Bearer'],
    ['the scheme and a blank', 'Bearer '],
    ['no blank after the scheme', 'Bearerslk_abc'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['two tokens', 'Bearer slk_abc slk_def'],
    ['a token over 512 characters', `Bearer ${'k'.repeat(513)}`],
    ['a non-ASCII token', 'Bearer slk_äbc'],
    ['a token with a control character', 'Bearer slk_\u0001bc'],
  ])('finds no token in %s', (_, header) => {
    expect(bearerToken(header)).toBeUndefined();
  });
});
