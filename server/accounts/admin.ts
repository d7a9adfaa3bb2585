// Account, key and domain management: the service's command line and the tests call these.
import { isIP } from 'node:net';
import { type Clock, systemClock } from '../shared/clock.ts';
import { createShortDomains } from '../shared/short-domain.ts';
import { type Plan, type Storage, UniqueViolation } from '../storage/storage.ts';
import { generateApiKey, hashApiKey } from './keys.ts';

export class AdminError extends Error {
  override name = 'AdminError';
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const HOST =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

async function accountId(store: Storage, email: string): Promise<number> {
  const account = await store.accountByEmail(email);
  if (!account) throw new AdminError(`No account with the email ${email}.`);
  return account.id;
}

/** Creates an account and its first API key, which is returned once and stored only hashed. */
export async function createAccount(
  store: Storage,
  email: string,
  plan: Plan = 'paid',
  clock: Clock = systemClock,
): Promise<string> {
  if (!EMAIL.test(email)) throw new AdminError(`Not an email address: ${email}`);
  const key = generateApiKey();
  try {
    await store.createAccount(email, plan, hashApiKey(key), clock.now());
  } catch (error) {
    if (error instanceof UniqueViolation) throw new AdminError(`An account with ${email} exists.`);
    throw error;
  }
  return key;
}

export async function createKey(store: Storage, email: string): Promise<string> {
  const key = generateApiKey();
  await store.addKey(await accountId(store, email), hashApiKey(key), systemClock.now());
  return key;
}

export async function setPlan(store: Storage, email: string, plan: Plan): Promise<void> {
  await store.setPlan(await accountId(store, email), plan);
}

export async function revokeKey(
  store: Storage,
  key: string,
  clock: Clock = systemClock,
): Promise<void> {
  if (!(await store.revokeKey(hashApiKey(key.trim()), clock.now()))) {
    throw new AdminError('No live API key matches: it is unknown or already revoked.');
  }
}

export async function addDomain(
  store: Storage,
  email: string,
  host: string,
  shortDomain: string,
  clock: Clock = systemClock,
): Promise<void> {
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
  const id = await accountId(store, email);
  try {
    await store.addDomain(id, normalized, clock.now());
  } catch (error) {
    if (error instanceof UniqueViolation)
      throw new AdminError(`The domain ${normalized} is taken.`);
    throw error;
  }
}
