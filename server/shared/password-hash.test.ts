import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.ts';

describe('link password hashes', () => {
  it('name the algorithm, its parameters, a random salt and the hash, never the password', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$N=16384,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    expect(first).not.toContain('correct');
  });

  it('verify the password they were made from, and no other', async () => {
    const stored = await hashPassword('Passwört 1');
    expect(await verifyPassword('Passwört 1', stored)).toBe(true);
    expect(await verifyPassword('passwört 1', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(await verifyPassword('Passwört 1 ', stored)).toBe(false);
  });

  it('take the same characters in either Unicode form', async () => {
    const stored = await hashPassword('Passw\u00f6rt');
    expect(await verifyPassword('Passwo\u0308rt', stored)).toBe(true);
  });

  it('verify with the parameters stored beside them, so that the cost can change later', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const hash = scryptSync('older', salt, 32, { N: 1024, r: 8, p: 1 });
    const older = `scrypt$N=1024,r=8,p=1$${salt.toString('base64url')}$${hash.toString('base64url')}`;
    expect(await verifyPassword('older', older)).toBe(true);
    expect(await verifyPassword('newer', older)).toBe(false);
  });

  it('refuse a stored value that is not one of theirs', async () => {
    await expect(verifyPassword('x', 'plain text')).rejects.toThrow(/not in the form scrypt/);
  });
});
