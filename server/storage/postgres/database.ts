// How the storage talks to PostgreSQL: the driver's settings, and its errors turned into the
// storage's (StorageUnavailable for what passes, UniqueViolation). The driver is `postgres`
// (postgres.js): no dependencies of its own, queries written as tagged templates that are
// parameterised by construction, prepared statements and pipelining by default.
import postgres from 'postgres';
import { StorageUnavailable, UniqueViolation } from '../storage.ts';

/** The settings of every connection: the pool's and the one that listens (link-changes.ts). */
export const driverOptions = {
  onnotice: () => {},
  connect_timeout: 5,
  // Not the array types' query that postgres.js otherwise sends on every new connection: when
  // the server goes away during it (a restart, a failover), its rejection is handled by no one
  // and ends the process (postgres 3.4.9, connection.js fetchArrayTypes; seen when PostgreSQL
  // was stopped with -m fast under load). The only arrays sent are cast in the query.
  fetch_types: false,
};

/**
 * Seconds before a connection is tried again after `failures` in a row. postgres.js's own wait
 * grows to 20 s: a pool that waits that long after the database is back keeps answering 503, and
 * keeps redirects waiting for the check they need after a reconnect (redirects.ts; seen: 6.6 s).
 */
const reconnectDelay = (failures: number) =>
  Math.min(3 ** failures / 100, 0.25) * (0.5 + Math.random() / 2);

/** A pool of connections to one database, with bigint columns read as numbers. */
export function connect(url: string, options: { maxConnections: number }) {
  return postgres(url, {
    ...driverOptions,
    max: options.maxConnections,
    backoff: reconnectDelay,
    // bigint columns as numbers: ids and counts stay far below 2^53.
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: number) => String(value),
        parse: (value: string) => Number(value),
      },
    },
  });
}

export type Sql = ReturnType<typeof connect>;

/** SQLSTATE classes and codes that pass: connection lost, server shutting down, disk full… */
const TRANSIENT_SQLSTATE = /^(08|53|57P0[1-3]|40001|40P01|25006|55P03)/;
const TRANSIENT_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/** The driver's error, as StorageUnavailable when it is one that passes; anything else as is. */
export function storageError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof UniqueViolation) return error;
  const code = (error as { code?: string }).code ?? '';
  if (TRANSIENT_SQLSTATE.test(code) || TRANSIENT_NODE_CODES.has(code)) {
    return new StorageUnavailable(error.message || code, { cause: error });
  }
  return error;
}

/** SQLSTATE unique_violation. */
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string } | undefined)?.code === UNIQUE_VIOLATION;

/** Runs a query, its errors as the storage's. */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw storageError(error);
  }
}

/** Runs a query that may break a UNIQUE constraint: then UniqueViolation with `message`. */
export function unique<T>(work: () => Promise<T>, message: string): Promise<T> {
  return guarded(async () => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new UniqueViolation(message);
      throw error;
    }
  });
}

/** The location without its password, for messages. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return 'the PostgreSQL URL given';
  }
}
