// The storage's accounts, API keys and custom domains on SQLite.
import type {
  AccountStorage,
  DomainFallbacks,
  DomainRow,
  DomainSettingsRow,
  KeyOwner,
  Plan,
} from '../storage.ts';
import type { SqliteAccess } from './database.ts';
import { createReadCache, type ReadCache } from './read-cache.ts';

export function accountQueries(
  { db, get, all, run, guarded, transaction: inTransaction, rethrowUnique }: SqliteAccess,
  cache: ReadCache = createReadCache(db),
): AccountStorage {
  // Every write here changes what the key owners or the custom domains in memory come from.
  const transaction = <T>(work: () => T): T => {
    try {
      return inTransaction(work);
    } finally {
      cache.forget();
    }
  };
  const keyOwner = cache.remember(
    (keyHash) =>
      get<KeyOwner>(
        `SELECT a.id AS accountId, a.plan AS plan, k.key_hash AS keyHash FROM api_keys k JOIN accounts a ON a.id = k.account_id
         WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
        keyHash,
      ),
    (owner) => owner !== undefined,
  );
  const isCustomDomain = cache.remember(
    (host) => get('SELECT 1 AS found FROM domains WHERE host = ?', host) !== undefined,
  );
  return {
    async keyOwner(keyHash) {
      return guarded(() => keyOwner(keyHash));
    },

    async accountByEmail(email) {
      return get<{ id: number; plan: Plan }>(
        'SELECT id, plan FROM accounts WHERE email = ?',
        email,
      );
    },

    async createAccount(email, plan, keyHash, now) {
      return transaction(() => {
        try {
          const { lastInsertRowid } = run(
            'INSERT INTO accounts (email, plan, created_at) VALUES (?, ?, ?)',
            email,
            plan,
            now,
          );
          run(
            'INSERT INTO api_keys (account_id, key_hash, created_at) VALUES (?, ?, ?)',
            lastInsertRowid,
            keyHash,
            now,
          );
          return Number(lastInsertRowid);
        } catch (error) {
          return rethrowUnique(error, `account ${email} exists`);
        }
      });
    },

    async addKey(accountId, keyHash, now) {
      transaction(() =>
        run(
          'INSERT INTO api_keys (account_id, key_hash, created_at) VALUES (?, ?, ?)',
          accountId,
          keyHash,
          now,
        ),
      );
    },

    async setPlan(accountId, plan) {
      transaction(() => run('UPDATE accounts SET plan = ? WHERE id = ?', plan, accountId));
    },

    async revokeKey(keyHash, now) {
      return transaction(
        () =>
          run(
            'UPDATE api_keys SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL',
            now,
            keyHash,
          ).changes > 0,
      );
    },

    async addDomain(accountId, host, now) {
      transaction(() => {
        try {
          run(
            'INSERT INTO domains (account_id, host, created_at) VALUES (?, ?, ?)',
            accountId,
            host,
            now,
          );
        } catch (error) {
          rethrowUnique(error, `domain ${host} is taken`);
        }
      });
    },

    async domainsOf(accountId) {
      return all<DomainRow>(
        'SELECT host, created_at AS createdAt FROM domains WHERE account_id = ? ORDER BY created_at, id',
        accountId,
      );
    },

    async ownsDomain(accountId, host) {
      return (
        get('SELECT 1 AS found FROM domains WHERE account_id = ? AND host = ?', accountId, host) !==
        undefined
      );
    },

    async isCustomDomain(host) {
      return guarded(() => isCustomDomain(host));
    },

    async setDomainFallbacks(host, { notFoundUrl, rootUrl }) {
      return transaction(
        () =>
          run(
            `UPDATE domains SET
               not_found_url = CASE WHEN ? THEN ? ELSE not_found_url END,
               root_url = CASE WHEN ? THEN ? ELSE root_url END
             WHERE host = ?`,
            notFoundUrl === undefined ? 0 : 1,
            notFoundUrl ?? null,
            rootUrl === undefined ? 0 : 1,
            rootUrl ?? null,
            host,
          ).changes > 0,
      );
    },

    async domainFallbacks(host) {
      return get<DomainFallbacks>(
        'SELECT not_found_url AS notFoundUrl, root_url AS rootUrl FROM domains WHERE host = ?',
        host,
      );
    },

    async allDomains() {
      return all<DomainSettingsRow>(
        `SELECT d.host, d.created_at AS createdAt, a.email, d.not_found_url AS notFoundUrl,
           d.root_url AS rootUrl
         FROM domains d JOIN accounts a ON a.id = d.account_id ORDER BY d.host`,
      );
    },
  };
}
