// Link passwords, hashed with scrypt (node:crypto: no dependency) and a random salt, stored as one
// self-describing string, `scrypt$N=16384,r=8,p=1$<salt>$<hash>` (base64url), so that the cost
// can be raised later while the hashes made before it still verify with their own parameters.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** 2^14 with r=8 is scrypt's interactive cost: 16 MB and some tens of ms a hash. */
const CURRENT = { N: 16_384, r: 8, p: 1 };
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Never more than a stored hash's parameters may ask: a wrong row must not take the memory. */
const MAX_MEMORY_BYTES = 64 * 1024 * 1024;

const STORED = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** Off the event loop: the hash runs on libuv's thread pool. */
const derive = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    // NFC: the same password typed on two systems may come in two forms of the same characters.
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** The stored form of a new password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, HASH_BYTES, { ...CURRENT, maxmem: MAX_MEMORY_BYTES });
  const { N, r, p } = CURRENT;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/**
 * Whether `password` is the one `stored` was made from: scrypt with the stored parameters every
 * time, whatever was sent (empty too), and the hashes compared in constant time.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = STORED.exec(stored);
  if (!parts) throw new Error('A stored password hash is not in the form scrypt$N=…,r=…,p=…$…$….');
  const [, N, r, p, salt = '', hash = ''] = parts;
  const expected = Buffer.from(hash, 'base64url');
  const given = await derive(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY_BYTES,
  });
  return timingSafeEqual(given, expected);
}
