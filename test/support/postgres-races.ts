// Two transactions of one PostgreSQL database interleaved, for the tests of what the triggers keep
// when two writers meet (server/storage/*-races.postgres.test.ts): a throw-away database with one
// account, and two connections of their own beside the storage's pool.
import postgres from 'postgres';
import { hashApiKey } from '../../server/accounts/keys.ts';
import { openPostgresStorage } from '../../server/storage/postgres/queries.ts';
import type { Storage } from '../../server/storage/storage.ts';
import { createDatabase } from './postgres-cluster.ts';

export type RaceDatabase = {
  store: Storage;
  accountId: number;
  first: postgres.Sql;
  second: postgres.Sql;
  close(): Promise<void>;
};

/** A new database of the suite's cluster, with the account `email`, and two connections. */
export async function openRaceDatabase(email: string): Promise<RaceDatabase> {
  const url = process.env.SHORTLINK_TEST_POSTGRES_URL;
  if (!url) throw new Error('SHORTLINK_TEST_POSTGRES_URL is not set: run npm run test:postgres.');
  const database = await createDatabase(url);
  const store = await openPostgresStorage(database.url);
  const key = `sk_${email}`;
  await store.createAccount(email, 'paid', hashApiKey(key), Date.now());
  const accountId = (await store.keyOwner(hashApiKey(key)))?.accountId as number;
  const first = postgres(database.url, { max: 1, onnotice: () => {} });
  const second = postgres(database.url, { max: 1, onnotice: () => {} });
  return {
    store,
    accountId,
    first,
    second,
    async close() {
      await first.end();
      await second.end();
      await store.close();
      await database.drop();
    },
  };
}

/**
 * Runs `held` in a transaction of `connection`, then `meanwhile` (on another connection) while
 * that transaction stays open for a moment, or until `meanwhile` is done; resolves once both are.
 */
export async function meanwhileHeld(
  connection: postgres.Sql,
  held: (tx: postgres.TransactionSql) => Promise<unknown>,
  meanwhile: () => Promise<unknown>,
): Promise<void> {
  let other: Promise<void> | undefined;
  await connection.begin(async (tx) => {
    await held(tx);
    other = meanwhile().then(() => undefined);
    await Promise.race([other, new Promise((resolve) => setTimeout(resolve, 300))]);
  });
  await other;
}
