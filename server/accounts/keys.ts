// API keys: random, shown once, stored only as a SHA-256 hash. A key has 192 bits of entropy, so
// a fast hash is enough (as for GitHub tokens); a slow password hash would only cost latency.
import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'slk_';

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(24).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const BEARER = /^Bearer[ \t]+([\x21-\x7e]{1,512})[ \t]*$/i;

/** The token of an `Authorization: Bearer <token>` header, or undefined when it is malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}
