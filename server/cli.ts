// The service's command line: `npm run service -- <command>`. Run with --help for the list.
import { type AddressInfo, isIP } from 'node:net';
import { parseArgs } from 'node:util';
import {
  AdminError,
  addDomain,
  createAccount,
  createKey,
  revokeKey,
  setPlan,
} from './accounts/admin.ts';
import { BlockedHostsError } from './links/destinations.ts';
import { BackupError, backupSqlite, POSTGRES_BACKUP_ADVICE } from './ops/backup.ts';
import { createMetrics, type Metrics, MetricsListenError, serveMetrics } from './ops/metrics.ts';
import {
  createStructuredLogger,
  LOG_FORMATS,
  LOG_LEVELS,
  type LogFormat,
  type LogLevel,
  type StructuredLogger,
} from './ops/structured-log.ts';
import {
  DEFAULT_ADDRESS_RATE_LIMIT_PER_MINUTE,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  GeoIpError,
  startService,
} from './service.ts';
import { isPostgresUrl, openStorage } from './storage/open-storage.ts';
import { DEFAULT_SYNCHRONOUS } from './storage/sqlite/open.ts';
import {
  type Plan,
  type Storage,
  StorageOpenError,
  StorageUnavailable,
} from './storage/storage.ts';

const USAGE = `Usage: npm run service -- <command> [options]
  (from the one-file build: node shortlink-service.mjs <command> [options])

Commands:
  serve                 start the service
      --port N            port to listen on (env SHORTLINK_PORT; default 8787; 0 picks a free one)
      --host H            interface to listen on (env SHORTLINK_HOST; default 127.0.0.1)
      --db FILE|URL       SQLite database file, or postgres://user@host/db (env SHORTLINK_DB;
                          default .data/service.db)
      --short-domain D    host[:port] of short URLs (env SHORTLINK_SHORT_DOMAIN; default localhost:<port>)
      --rate-limit N      API requests per minute per account, all its keys together, 0 for none
                          (env SHORTLINK_RATE_LIMIT; default ${DEFAULT_RATE_LIMIT_PER_MINUTE})
      --address-rate-limit N   API requests per minute per client address, checked before the key,
                          0 for none (env SHORTLINK_ADDRESS_RATE_LIMIT; default ${DEFAULT_ADDRESS_RATE_LIMIT_PER_MINUTE})
      --trusted-proxy A,B  addresses of the proxies in front: requests from them are counted by the
                          client address they add to X-Forwarded-For (env SHORTLINK_TRUSTED_PROXIES)
      --db-pool N         PostgreSQL connections this instance keeps at most (env SHORTLINK_DB_POOL;
                          default 10; every instance has its own, plus one for LISTEN)
      --blocked-hosts FILE  hosts links may not lead to, one host or *.example.com a line, read
                          again when it changes (env SHORTLINK_BLOCKED_HOSTS)
      --shutdown-timeout S  seconds SIGTERM lets requests in flight finish before it closes their
                          connections (env SHORTLINK_SHUTDOWN_TIMEOUT; default ${DEFAULT_SHUTDOWN_TIMEOUT_MS / 1000})
                          SIGHUP reads the blocked hosts file again and reopens the log file
      --metrics-port N    serve Prometheus metrics at /metrics on this port, never the API's (env
                          SHORTLINK_METRICS_PORT; default off)
      --metrics-host H    interface of the metrics port (env SHORTLINK_METRICS_HOST; default 127.0.0.1)
      --log-format json|text  one JSON object a line, or text for people (env SHORTLINK_LOG_FORMAT;
                          default text on a terminal, JSON otherwise)
      --log-level L       fatal, error, warn, info, debug, trace or silent (env SHORTLINK_LOG_LEVEL; default info)
      --log-file FILE     append the log to FILE instead of standard output, opened again on SIGHUP
                          (env SHORTLINK_LOG_FILE)
      --geoip FILE        a GeoLite2-Country .mmdb file: click statistics then count countries
                          (env SHORTLINK_GEOIP)
                          env SHORTLINK_SYNCHRONOUS=normal|full: when SQLite commits reach the disk (default ${DEFAULT_SYNCHRONOUS})
  account create --email E [--plan paid|free]   create an account; prints its API key last
  account plan --email E --plan paid|free       change an account's plan
  key create --email E                          another API key for an account; printed last
  key revoke --key -                            revoke an API key read from standard input (the
                                                last line, so key create's output can be piped in);
                                                --key K works too, but leaves K in the shell's history
                                                and the process list
  domain add --email E --host H                 add a custom domain to an account
  backup --to FILE [--force]                    a checked copy of the SQLite database, made while the
                                                service runs; --force replaces FILE (PostgreSQL: pg_dump)
  import --email E FILE.csv [--report FILE]     import links from a CSV file (ours, Bitly, Rebrandly,
                                                Short.io, Dub, Kutt, Shlink, YOURLS exports) into an
                                                account; --report writes the skipped rows and why;
                                                takes --short-domain and --blocked-hosts as serve does
  migrate                                       bring the database's schema up to date (serve does it too)

Every command takes --db (and domain add takes --short-domain) as serve does.`;

function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        db: { type: 'string' },
        'short-domain': { type: 'string' },
        'rate-limit': { type: 'string' },
        'address-rate-limit': { type: 'string' },
        'blocked-hosts': { type: 'string' },
        'db-pool': { type: 'string' },
        'trusted-proxy': { type: 'string' },
        'log-format': { type: 'string' },
        'metrics-port': { type: 'string' },
        'metrics-host': { type: 'string' },
        'shutdown-timeout': { type: 'string' },
        'log-level': { type: 'string' },
        'log-file': { type: 'string' },
        geoip: { type: 'string' },
        email: { type: 'string' },
        plan: { type: 'string' },
        key: { type: 'string' },
        to: { type: 'string' },
        force: { type: 'boolean' },
        report: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // An unknown or empty option: say so, not a stack trace.
    console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
    process.exit(1);
  }
}

const { values, positionals } = parseCommandLine();

const env = process.env;
const dbFile = values.db ?? env.SHORTLINK_DB ?? '.data/service.db';
const port = Number(values.port ?? env.SHORTLINK_PORT ?? 8787);
const shortDomain = values['short-domain'] ?? env.SHORTLINK_SHORT_DOMAIN;
/** The database as messages name it: a PostgreSQL URL without its password. */
const databaseName = isPostgresUrl(dbFile) ? dbFile.replace(/:[^:@/]*@/, ':***@') : dbFile;

/** The whole of standard input (a pipe, a file, or what is typed until Ctrl-D). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The key to act on: `--key -` reads it from standard input, so it appears in neither the process
 * list nor the shell's history; its last non-empty line is taken, so that the output of
 * `key create` can be piped straight in.
 */
async function keyArgument(): Promise<string> {
  const given = required('key');
  if (given !== '-') {
    console.error(
      'Note: a key on the command line stays in the shell history and shows in the process list; next time, send it on standard input with --key -.',
    );
    return given;
  }
  const key = (await readStdin())
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1);
  if (!key) throw new AdminError('--key - reads the key from standard input, which was empty.');
  return key;
}

function required(name: 'email' | 'key' | 'host'): string {
  const value = values[name];
  if (!value) throw new AdminError(`--${name} is required.`);
  return value;
}

function plan(): Plan {
  const value = values.plan ?? 'paid';
  if (value !== 'paid' && value !== 'free') throw new AdminError('--plan must be paid or free.');
  return value;
}

function wholeNumber(option: string, value: string | number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new AdminError(`--${option} must be a whole number.`);
  return number;
}

function structuredLogger(): StructuredLogger {
  const format =
    values['log-format'] ?? env.SHORTLINK_LOG_FORMAT ?? (process.stdout.isTTY ? 'text' : 'json');
  if (!LOG_FORMATS.includes(format as LogFormat))
    throw new AdminError(`--log-format must be ${LOG_FORMATS.join(' or ')}.`);
  const level = values['log-level'] ?? env.SHORTLINK_LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(level as LogLevel))
    throw new AdminError(`--log-level must be one of ${LOG_LEVELS.join(', ')}.`);
  const file = values['log-file'] ?? env.SHORTLINK_LOG_FILE;
  return createStructuredLogger({
    format: format as LogFormat,
    level: level as LogLevel,
    file: file || undefined,
  });
}

/** The metrics listener, when --metrics-port asks for one: before the service, so a taken port stops the start with nothing to undo. */
async function startMetrics(logger: StructuredLogger): Promise<Metrics | undefined> {
  const given = values['metrics-port'] ?? env.SHORTLINK_METRICS_PORT;
  if (!given) return undefined;
  const metricsPort = wholeNumber('metrics-port', given);
  if (metricsPort > 65535) throw new AdminError('--metrics-port must be 0-65535.');
  const metrics = createMetrics();
  const server = await serveMetrics(metrics, {
    port: metricsPort,
    host: values['metrics-host'] ?? env.SHORTLINK_METRICS_HOST,
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  logger.info(`Metrics on http://${host}:${address.port}/metrics`);
  return metrics;
}

async function serve(): Promise<void> {
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new AdminError('--port must be 0-65535.');
  const rateLimit = wholeNumber(
    'rate-limit',
    values['rate-limit'] ?? env.SHORTLINK_RATE_LIMIT ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
  );
  const synchronous = env.SHORTLINK_SYNCHRONOUS ?? DEFAULT_SYNCHRONOUS;
  if (synchronous !== 'normal' && synchronous !== 'full')
    throw new AdminError('SHORTLINK_SYNCHRONOUS must be normal or full.');
  const addressRateLimit = wholeNumber(
    'address-rate-limit',
    values['address-rate-limit'] ??
      env.SHORTLINK_ADDRESS_RATE_LIMIT ??
      DEFAULT_ADDRESS_RATE_LIMIT_PER_MINUTE,
  );
  const dbPoolSize = wholeNumber('db-pool', values['db-pool'] ?? env.SHORTLINK_DB_POOL ?? 10);
  if (dbPoolSize < 1) throw new AdminError('--db-pool must be at least 1.');
  const trustedProxies = (values['trusted-proxy'] ?? env.SHORTLINK_TRUSTED_PROXIES ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  if (trustedProxies.some((address) => isIP(address) === 0))
    throw new AdminError('--trusted-proxy takes IP addresses, separated by commas.');
  const blockedHostsFile = values['blocked-hosts'] ?? env.SHORTLINK_BLOCKED_HOSTS;
  const shutdownTimeoutMs =
    1000 *
    wholeNumber(
      'shutdown-timeout',
      values['shutdown-timeout'] ??
        env.SHORTLINK_SHUTDOWN_TIMEOUT ??
        DEFAULT_SHUTDOWN_TIMEOUT_MS / 1000,
    );
  const logger = structuredLogger();
  const metrics = await startMetrics(logger);
  const service = await startService({
    logger,
    metrics,
    shutdownTimeoutMs,
    db: dbFile,
    port,
    host: values.host ?? env.SHORTLINK_HOST,
    shortDomain,
    rateLimitPerMinute: rateLimit,
    synchronous,
    addressRateLimitPerMinute: addressRateLimit,
    dbPoolSize,
    trustedProxies,
    blockedHostsFile: blockedHostsFile || undefined,
    geoipFile: (values.geoip ?? env.SHORTLINK_GEOIP) || undefined,
  });
  logger.info(
    `Listening on ${service.baseUrl} (short links on ${service.shortDomain}, database ${databaseName})`,
  );
  const shutdown = (signal: string) => {
    logger.info(`${signal}: stopping after the requests in flight`);
    void service.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => {
    logger.reopen();
    service.reloadBlockedHosts();
    logger.info('SIGHUP: blocked hosts read again, log reopened');
  });
}

/** How long a command waits for the service's lock: it serves nobody, so it can wait. */
const ADMIN_BUSY_TIMEOUT_MS = 5_000;

async function admin(run: (store: Storage) => Promise<string>): Promise<void> {
  const store = await openStorage(dbFile, { busyTimeoutMs: ADMIN_BUSY_TIMEOUT_MS });
  try {
    console.log(await run(store));
  } finally {
    await store.close();
  }
}

async function backupCommand(): Promise<void> {
  if (isPostgresUrl(dbFile)) throw new BackupError(POSTGRES_BACKUP_ADVICE);
  const to = values.to;
  if (!to) throw new AdminError('--to is required: the file to write the backup to.');
  const { links, bytes, ms } = await backupSqlite({ db: dbFile, to, force: values.force });
  console.log(
    `Backed up ${dbFile} to ${to}: ${links.toLocaleString('en')} ${links === 1 ? 'link' : 'links'}, ${(bytes / 1e6).toFixed(1)} MB, integrity ok, in ${(ms / 1000).toFixed(1)} s.`,
  );
}

async function main(): Promise<void> {
  const [group, action] = positionals;
  const command = [group, action].filter(Boolean).join(' ');
  if (values.help || !group) {
    console.log(USAGE);
    return;
  }
  if (group === 'import') {
    if (!action) throw new AdminError('Name the CSV file to import: import --email E FILE.csv');
    // Loaded only for this command: the others need no CSV reader.
    const { runImportCommand } = await import('./import/import-command.ts');
    return runImportCommand({
      file: action,
      email: required('email'),
      db: dbFile,
      storageOptions: { busyTimeoutMs: ADMIN_BUSY_TIMEOUT_MS },
      shortDomain: shortDomain ?? `localhost:${port}`,
      blockedHostsFile: values['blocked-hosts'] ?? env.SHORTLINK_BLOCKED_HOSTS,
      reportFile: values.report,
      say: (line) => console.log(line),
    });
  }
  switch (command) {
    case 'serve':
      return serve();
    case 'backup':
      return backupCommand();
    case 'migrate':
      // Opening migrates; several instances starting at once take turns.
      return admin(
        async (store) => `${databaseName} is at schema version ${await store.schemaVersion()}.`,
      );
    case 'account create':
      return admin(async (store) => {
        const key = await createAccount(store, required('email'), plan());
        return `Created account ${values.email} (${plan()} plan). Its API key, shown only now:\n${key}`;
      });
    case 'account plan':
      return admin(async (store) => {
        await setPlan(store, required('email'), plan());
        return `${values.email} is now on the ${plan()} plan.`;
      });
    case 'key create':
      return admin(
        async (store) =>
          `New API key for ${values.email}, shown only now:\n${await createKey(store, required('email'))}`,
      );
    case 'key revoke': {
      const key = await keyArgument();
      return admin(async (store) => {
        await revokeKey(store, key);
        return 'Revoked.';
      });
    }
    case 'domain add':
      return admin(async (store) => {
        await addDomain(
          store,
          required('email'),
          required('host'),
          shortDomain ?? `localhost:${port}`,
        );
        return `Added ${values.host} to ${values.email}.`;
      });
    default:
      throw new AdminError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

function isPortTaken(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
}

main().catch((error: unknown) => {
  if (
    error instanceof AdminError ||
    error instanceof StorageOpenError ||
    error instanceof BlockedHostsError ||
    error instanceof MetricsListenError ||
    error instanceof BackupError ||
    error instanceof GeoIpError
  )
    console.error(error.message);
  else if (error instanceof StorageUnavailable)
    console.error(
      `The database ${databaseName} could not store the change (${error.reason}); nothing was changed. Try again, once it has room or the process holding it is done.`,
    );
  else if (isPortTaken(error))
    console.error(
      `Port ${port} is already in use: stop what uses it or choose another with --port.`,
    );
  else console.error(error);
  process.exit(1);
});
