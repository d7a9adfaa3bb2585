// The service's command line as typed: the usage text, the options parsed, and the values every
// command reads (the database, the port, the short domain), with the checks of each option.
import { parseArgs } from 'node:util';
import { AdminError } from '../accounts/admin.ts';
import {
  DEFAULT_ADDRESS_RATE_LIMIT_PER_MINUTE,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
} from '../service.ts';
import { isPostgresUrl } from '../storage/open-storage.ts';
import { DEFAULT_SYNCHRONOUS } from '../storage/sqlite/open.ts';
import type { Plan } from '../storage/storage.ts';

export const USAGE = `Usage: npm run service -- <command> [options]
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
      --no-track-param NAME  a visitor opts out of the statistics with ?NAME on a short URL: the
                          click counts in the link's clicks only (env SHORTLINK_NO_TRACK_PARAM)
      --check-destinations off|INTERVAL  check each link's destination once per INTERVAL (as 24h,
                          90m, 3600s, 2d), spread over it, or never (env SHORTLINK_CHECK_DESTINATIONS;
                          default 24h)
      --check-private-destinations  let the checker ask loopback and private addresses (a LAN's
                          self-hosted pages); refused otherwise (env SHORTLINK_CHECK_PRIVATE_DESTINATIONS=1)
                          env SHORTLINK_SYNCHRONOUS=normal|full: when SQLite commits reach the disk (default ${DEFAULT_SYNCHRONOUS})
  account create --email E [--plan paid|free]   create an account; prints its API key last
  account plan --email E --plan paid|free       change an account's plan
  key create --email E                          another API key for an account; printed last
  key revoke --key -                            revoke an API key read from standard input (the
                                                last line, so key create's output can be piped in);
                                                --key K works too, but leaves K in the shell's history
                                                and the process list
  domain add --email E --host H --short-domain D   add a custom domain to an account (D: the
                                                short domain serve is given, which no account may add)
  domain set --host H [--not-found-url URL] [--root-url URL] --short-domain D
                                                where a custom domain sends an unknown back-half and
                                                its bare root (302); an empty URL clears one, and
                                                the service's 404 and home pages answer again;
                                                takes --blocked-hosts as serve does
  domain list                                   every custom domain, its account and where it sends
  links delete-expired [--before DATE] [--dry-run]   delete the links that have ended (expiry passed
                                                or click limit reached), 1,000 a transaction, and
                                                say how many; --before DATE (2026-01-31, or an
                                                instant with its offset): only those ended before
                                                it; --dry-run: only count them
  backup --to FILE [--force]                    a checked copy of the SQLite database, made while the
                                                service runs; --force replaces FILE (PostgreSQL: pg_dump)
  import --email E FILE.csv [--report FILE]     import links from a CSV file (ours, Bitly, Rebrandly,
                                                Short.io, Dub, Kutt, Shlink, YOURLS exports; at most
                                                500 MB) into an account; --report writes the skipped
                                                rows and why (--force replaces an existing report);
                                                needs --short-domain (the one serve is given) and
                                                takes --blocked-hosts as serve does
  links health --short-domain D [--email E]     how many links are in each destination state, and the
                                                broken ones (of one account, or of all)
  migrate                                       bring the database's schema up to date (serve does it too)

Every command takes --db as serve does.`;

function parseOptions(args: string[]) {
  try {
    return parseArgs({
      args,
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
        'no-track-param': { type: 'string' },
        'check-destinations': { type: 'string' },
        'check-private-destinations': { type: 'boolean' },
        email: { type: 'string' },
        plan: { type: 'string' },
        key: { type: 'string' },
        to: { type: 'string' },
        force: { type: 'boolean' },
        report: { type: 'string' },
        'not-found-url': { type: 'string' },
        'root-url': { type: 'string' },
        before: { type: 'string' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // An unknown or empty option: say so, not a stack trace.
    console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
    process.exit(1);
  }
}

export type CommandLine = ReturnType<typeof readCommandLine>;

/** The command line of this process; an unknown or empty option ends it with the usage. */
export function readCommandLine() {
  const env = process.env;
  const { values, positionals } = parseOptions(process.argv.slice(2));
  const dbFile = values.db ?? env.SHORTLINK_DB ?? '.data/service.db';
  return {
    values,
    positionals,
    env,
    dbFile,
    port: Number(values.port ?? env.SHORTLINK_PORT ?? 8787),
    shortDomain: values['short-domain'] ?? env.SHORTLINK_SHORT_DOMAIN,
    /** The database as messages name it: a PostgreSQL URL without its password. */
    databaseName: isPostgresUrl(dbFile) ? dbFile.replace(/:[^:@/]*@/, ':***@') : dbFile,

    required(name: 'email' | 'key' | 'host'): string {
      const value = values[name];
      if (!value) throw new AdminError(`--${name} is required.`);
      return value;
    },

    /**
     * The short domain the service serves, asked for, not guessed: `localhost:<port>` named the
     * wrong service when the operator's is another. `checks` says what the command needs it for.
     */
    requiredShortDomain(checks: string): string {
      const shortDomain = values['short-domain'] ?? env.SHORTLINK_SHORT_DOMAIN;
      if (!shortDomain)
        throw new AdminError(
          `Name the short domain the service serves with --short-domain HOST[:PORT] (or SHORTLINK_SHORT_DOMAIN), as serve gives it on its first line ("short links on …"): ${checks}.`,
        );
      return shortDomain;
    },

    plan(): Plan {
      const value = values.plan ?? 'paid';
      if (value !== 'paid' && value !== 'free')
        throw new AdminError('--plan must be paid or free.');
      return value;
    },
  };
}

export function wholeNumber(option: string, value: string | number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new AdminError(`--${option} must be a whole number.`);
  return number;
}
