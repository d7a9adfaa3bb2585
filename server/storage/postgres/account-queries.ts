// The storage's accounts, API keys and custom domains on PostgreSQL.
import type {
  AccountStorage,
  DomainFallbacks,
  DomainRow,
  DomainSettingsRow,
  KeyOwner,
  Plan,
} from '../storage.ts';
import { guarded, type Sql, unique } from './database.ts';

export function accountQueries(sql: Sql): AccountStorage {
  return {
    keyOwner: (keyHash) =>
      guarded(async () => {
        const [owner] = await sql<KeyOwner[]>`
          SELECT a.id AS "accountId", a.plan, k.key_hash AS "keyHash"
          FROM api_keys k JOIN accounts a ON a.id = k.account_id
          WHERE k.key_hash = ${keyHash} AND k.revoked_at IS NULL`;
        return owner;
      }),

    accountByEmail: (email) =>
      guarded(async () => {
        const [account] = await sql<{ id: number; plan: Plan }[]>`
          SELECT id, plan FROM accounts WHERE email = ${email}`;
        return account;
      }),

    createAccount: (email, plan, keyHash, now) =>
      unique(
        () =>
          sql.begin(async (tx) => {
            const [account] = await tx<{ id: number }[]>`
              INSERT INTO accounts (email, plan, created_at) VALUES (${email}, ${plan}, ${now})
              RETURNING id`;
            const id = (account as { id: number }).id;
            await tx`INSERT INTO api_keys (account_id, key_hash, created_at)
              VALUES (${id}, ${keyHash}, ${now})`;
            return id;
          }) as Promise<number>,
        `account ${email} exists`,
      ),

    addKey: (accountId, keyHash, now) =>
      guarded(async () => {
        await sql`INSERT INTO api_keys (account_id, key_hash, created_at)
          VALUES (${accountId}, ${keyHash}, ${now})`;
      }),

    setPlan: (accountId, plan) =>
      guarded(async () => {
        await sql`UPDATE accounts SET plan = ${plan} WHERE id = ${accountId}`;
      }),

    revokeKey: (keyHash, now) =>
      guarded(async () => {
        const result = await sql`UPDATE api_keys SET revoked_at = ${now}
          WHERE key_hash = ${keyHash} AND revoked_at IS NULL`;
        return result.count > 0;
      }),

    addDomain: (accountId, host, now) =>
      unique(async () => {
        await sql`INSERT INTO domains (account_id, host, created_at)
          VALUES (${accountId}, ${host}, ${now})`;
      }, `domain ${host} is taken`),

    domainsOf: (accountId) =>
      guarded(async () => [
        ...(await sql<DomainRow[]>`
          SELECT host, created_at AS "createdAt" FROM domains
          WHERE account_id = ${accountId} ORDER BY created_at, id`),
      ]),

    ownsDomain: (accountId, host) =>
      guarded(async () => {
        const rows = await sql`SELECT 1 FROM domains
          WHERE account_id = ${accountId} AND host = ${host}`;
        return rows.length > 0;
      }),

    isCustomDomain: (host) =>
      guarded(async () => (await sql`SELECT 1 FROM domains WHERE host = ${host}`).length > 0),

    setDomainFallbacks: (host, { notFoundUrl, rootUrl }) =>
      guarded(async () => {
        const changed = await sql`UPDATE domains SET
            not_found_url = CASE WHEN ${notFoundUrl !== undefined} THEN ${notFoundUrl ?? null}::text
                                 ELSE not_found_url END,
            root_url = CASE WHEN ${rootUrl !== undefined} THEN ${rootUrl ?? null}::text
                            ELSE root_url END
          WHERE host = ${host}`;
        return changed.count > 0;
      }),

    domainFallbacks: (host) =>
      guarded(async () => {
        const [fallbacks] = await sql<DomainFallbacks[]>`
          SELECT not_found_url AS "notFoundUrl", root_url AS "rootUrl" FROM domains
          WHERE host = ${host}`;
        return fallbacks;
      }),

    allDomains: () =>
      guarded(async () => [
        ...(await sql<DomainSettingsRow[]>`
          SELECT d.host, d.created_at AS "createdAt", a.email, d.not_found_url AS "notFoundUrl",
            d.root_url AS "rootUrl"
          FROM domains d JOIN accounts a ON a.id = d.account_id ORDER BY d.host`),
      ]),
  };
}
