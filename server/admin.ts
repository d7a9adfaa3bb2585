// Account, key and domain management: the service's command line and the tests call these.
import { isIP } from 'node:net';
import { type Plan, type Store, UniqueViolation } from './db.ts';
import { generateApiKey, hashApiKey } from './keys.ts';
import { createShortDomains } from './short-domain.ts';

export class AdminError extends Error {
  override name = 'AdminError';
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const HOST =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

function accountId(store: Store, email: string): number {
  const account = store.accountByEmail(email);
  if (!account) throw new AdminError(`No account with the email ${email}.`);
  return account.id;
}

/** Creates an account and its first API key, which is returned once and stored only hashed. */
export function createAccount(store: Store, email: string, plan: Plan = 'paid'): string {
  if (!EMAIL.test(email)) throw new AdminError(`Not an email address: ${email}`);
  const key = generateApiKey();
  try {
    store.createAccount(email, plan, hashApiKey(key), Date.now());
  } catch (error) {
    if (error instanceof UniqueViolation) throw new AdminError(`An account with ${email} exists.`);
    throw error;
  }
  return key;
}

export function createKey(store: Store, email: string): string {
  const key = generateApiKey();
  store.addKey(accountId(store, email), hashApiKey(key), Date.now());
  return key;
}

export function setPlan(store: Store, email: string, plan: Plan): void {
  store.setPlan(accountId(store, email), plan);
}

export function revokeKey(store: Store, key: string): void {
  if (!store.revokeKey(hashApiKey(key.trim()), Date.now())) {
    throw new AdminError('No live API key matches: it is unknown or already revoked.');
  }
}

export function addDomain(store: Store, email: string, host: string, shortDomain: string): void {
  const normalized = host.trim().toLowerCase().replace(/\.$/, '');
  if (isIP(normalized.replace(/^\[(.*)\]$/, '$1')) || /^[0-9.]+$/.test(normalized)) {
    throw new AdminError(
      `${host} is an IP address: a custom domain must be a host name, such as go.example.com.`,
    );
  }
  // A DNS name: letters, digits and inner hyphens in each label, and a top label not all digits.
  if (!HOST.test(normalized) || /\.[0-9]+$/.test(normalized)) {
    throw new AdminError(`Not a host name: ${host} (give it without scheme, port or path).`);
  }
  if (createShortDomains(shortDomain).domainOf(normalized) === '') {
    throw new AdminError(`${host} is the default short domain; it needs no adding.`);
  }
  const id = accountId(store, email);
  try {
    store.addDomain(id, normalized, Date.now());
  } catch (error) {
    if (error instanceof UniqueViolation)
      throw new AdminError(`The domain ${normalized} is taken.`);
    throw error;
  }
}
