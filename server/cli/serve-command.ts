// `serve`: the options read and checked, the log and the metrics listener made, then the service
// started; SIGTERM and SIGINT stop it after the requests in flight, SIGHUP reopens the log and
// reads the blocked hosts again.
import { type AddressInfo, isIP } from 'node:net';
import { QR_MARKER } from '../../contract/link-stats.ts';
import { AdminError } from '../accounts/admin.ts';
import { TRACK_PARAM_NAME } from '../clicks/click-capture.ts';
import { createMetrics, type Metrics, serveMetrics } from '../ops/metrics.ts';
import {
  DEFAULT_ADDRESS_RATE_LIMIT_PER_MINUTE,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  startService,
} from '../service.ts';
import {
  createStructuredLogger,
  LOG_FORMATS,
  LOG_LEVELS,
  type LogFormat,
  type LogLevel,
  type StructuredLogger,
} from '../shared/structured-log.ts';
import { DEFAULT_SYNCHRONOUS } from '../storage/sqlite/open.ts';
import { type CommandLine, wholeNumber } from './command-line.ts';

function structuredLogger({ values, env }: CommandLine): StructuredLogger {
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
async function startMetrics(
  { values, env }: CommandLine,
  logger: StructuredLogger,
): Promise<Metrics | undefined> {
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

const INTERVAL_UNITS_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** --check-destinations: `off`, or an interval such as 24h (at least a minute). */
export function checkInterval(given: string): number | undefined {
  if (given === 'off') return undefined;
  const match = /^(\d+)(s|m|h|d)$/.exec(given);
  const ms = match ? Number(match[1]) * (INTERVAL_UNITS_MS[match[2] as string] as number) : 0;
  if (ms < 60_000)
    throw new AdminError(
      `--check-destinations must be off or an interval of at least a minute, as 24h, 90m or 2d, not "${given}".`,
    );
  return ms;
}

function checkDestinations({ values, env }: CommandLine) {
  const intervalMs = checkInterval(
    values['check-destinations'] ?? env.SHORTLINK_CHECK_DESTINATIONS ?? '24h',
  );
  const allowPrivate =
    values['check-private-destinations'] ?? env.SHORTLINK_CHECK_PRIVATE_DESTINATIONS === '1';
  return { intervalMs, checkOptions: { allowPrivate } };
}

/** --no-track-param: a query parameter's name that is not the QR code's marker. */
export function noTrackParamOf(given: string | undefined): string | undefined {
  if (given === undefined || given === '') return undefined;
  if (!TRACK_PARAM_NAME.test(given) || given === QR_MARKER.name)
    throw new AdminError(
      `--no-track-param must be a query parameter's name of letters, digits, -, _, . or ~ (at most 64), other than ${QR_MARKER.name}, not "${given}".`,
    );
  return given;
}

export async function serve(cli: CommandLine): Promise<void> {
  const { values, env, port } = cli;
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
  const checks = checkDestinations(cli);
  const noTrackParam = noTrackParamOf(values['no-track-param'] ?? env.SHORTLINK_NO_TRACK_PARAM);
  const logger = structuredLogger(cli);
  const metrics = await startMetrics(cli, logger);
  const service = await startService({
    logger,
    metrics,
    shutdownTimeoutMs,
    db: cli.dbFile,
    port,
    host: values.host ?? env.SHORTLINK_HOST,
    shortDomain: cli.shortDomain,
    rateLimitPerMinute: rateLimit,
    synchronous,
    addressRateLimitPerMinute: addressRateLimit,
    dbPoolSize,
    trustedProxies,
    blockedHostsFile: blockedHostsFile || undefined,
    geoipFile: (values.geoip ?? env.SHORTLINK_GEOIP) || undefined,
    noTrackParam,
    checkIntervalMs: checks.intervalMs,
    checkOptions: checks.checkOptions,
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    // npm forwards a terminal's Ctrl-C that already reached this process: a repeat is ignored, as
    // the default action would kill the service while it writes its last clicks.
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping after the requests in flight`);
    void service
      .stop()
      .then(() => logger.flush())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => {
    logger.reopen();
    service.reloadBlockedHosts();
    logger.info('SIGHUP: blocked hosts read again, log reopened');
  });
  // Said only once the signals are handled: whoever reads it may stop the service at once.
  logger.info(
    `Listening on ${service.baseUrl} (short links on ${service.shortDomain}, database ${cli.databaseName})`,
  );
}
