// The service's log as operators read it: pino, one JSON object a line (or pino-pretty's text on a
// terminal), each with `level`, `time` and `msg`, and the request id of the API request it belongs
// to. Satisfies the plain Logger the rest of the service writes to.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DestinationStream, pino } from 'pino';
import pretty from 'pino-pretty';
import type { Logger } from './logger.ts';

export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `status` is absent when the client went away before the answer. */
export type RequestLine = { method: string; path: string; status?: number; ms: number };

export type StructuredLogger = Logger & {
  /** One API request's line: at info, or warn when the client went away before the answer. */
  request(line: RequestLine): void;
  /** Opens the log file again (after logrotate moved it); nothing when logging to a stream. */
  reopen(): void;
  /** Resolves once every line logged so far is written out. */
  flush(): Promise<void>;
};

const requests = new AsyncLocalStorage<{ id: string }>();

/** The request id of the API request being answered, when there is one. */
export const currentRequestId = () => requests.getStore()?.id;

// A destination may carry a token or a person's data in its path and query: an error line names
// only its origin. Keys look like `slk_` and 32 characters (accounts/keys.ts); none should ever
// reach a message, and one that did is cut, also where a client sent its characters
// percent-encoded in a path (`slk%5F…` is the same key to whoever reads the log).
const URL_IN_TEXT = /\b(https?:\/\/[^/\s"'<>]+)[^\s"'<>]*/gi;
const KEY_IN_TEXT = /slk_[A-Za-z0-9_-]+/g;
/** A percent-encoded letter, digit, `-` or `_`: a character a key may hold. */
const ESCAPED_KEY_CHARACTER = /%(?:2d|3[0-9]|4[1-9a-f]|5[0-9af]|6[1-9a-f]|7[0-9a])/gi;

function withoutKeys(text: string): string {
  const unescaped = text.replace(ESCAPED_KEY_CHARACTER, (escaped) =>
    String.fromCharCode(Number.parseInt(escaped.slice(1), 16)),
  );
  const cut = unescaped.replace(KEY_IN_TEXT, 'slk_…');
  return cut === unescaped ? text : cut;
}

export const scrub = (text: string) =>
  withoutKeys(text.replace(URL_IN_TEXT, (_, origin: string) => `${origin}/…`));

/**
 * What an error line keeps of an error: its name, code, message and stack, scrubbed. Never its own
 * enumerable fields (a PostgreSQL error carries the statement's parameters: key hashes,
 * destinations).
 */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: scrub(String(error)) };
  const code = (error as NodeJS.ErrnoException).code;
  return {
    type: error.name,
    message: scrub(error.message),
    ...(code === undefined ? {} : { code }),
    ...(error.stack === undefined ? {} : { stack: scrub(error.stack) }),
    ...(error.cause === undefined ? {} : { cause: errorFields(error.cause) }),
  };
}

export type StructuredLogOptions = {
  format: LogFormat;
  level?: LogLevel;
  /** A file to append to instead of standard output. */
  file?: string;
  /** Tests: where the lines go instead of standard output or the file. */
  stream?: DestinationStream;
};

/**
 * A line is written as soon as no write is under way (lines logged meanwhile go out together with
 * the next). minLength 1 rather than 0: with 0, sonic-boom's flush answers at once instead of
 * waiting for the lines to be written.
 */
const ASYNC_WRITES = { sync: false, minLength: 1 } as const;

/**
 * Standard output is written asynchronously: a synchronous write waits for whoever reads it, and
 * a reader that falls behind (a full pipe) held each request 100 ms (sonic-boom's wait on EAGAIN),
 * which was the create p99 under load (issue 33). Lines wait in memory meanwhile; pino writes them
 * out at exit, and `flush` lets a stop wait for them. A log file stays synchronous: a disk does not
 * fall behind as a reader does, and a file that cannot be opened stops the start at once.
 */
export function createStructuredLogger(options: StructuredLogOptions): StructuredLogger {
  const file = options.file
    ? // Owner-only, as the database is: the log names accounts, addresses and links.
      pino.destination({
        dest: options.file,
        append: true,
        mkdir: true,
        sync: true,
        mode: 0o600,
      })
    : undefined;
  const written = options.stream
    ? undefined
    : (file ?? pino.destination({ ...ASYNC_WRITES, dest: 1 }));
  const sink = options.stream ?? (written as DestinationStream);
  const destination =
    options.format === 'text'
      ? pretty({
          destination: sink,
          sync: true,
          colorize: !file && !options.stream && process.stdout.isTTY,
        })
      : sink;
  const log = pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const id = currentRequestId();
        return id === undefined ? {} : { request_id: id };
      },
    },
    destination,
  );
  return {
    info: (message) => log.info(message),
    // Error lines quote what failed: whatever URL or key the message or error holds is cut.
    error(message, error) {
      if (error === undefined) log.error(scrub(message));
      else log.error({ error: errorFields(error) }, scrub(message));
    },
    // A client may put anything in its path, its key too.
    request(line) {
      const scrubbed = { ...line, path: scrub(line.path) };
      const message = `${line.method} ${scrubbed.path} ${line.status ?? 'client went away'}`;
      if (line.status === undefined) log.warn(scrubbed, message);
      else log.info(scrubbed, message);
    },
    reopen: () => file?.reopen(),
    flush: () =>
      new Promise<void>((resolve) => {
        // The pretty printer writes into `written` at once: the lines wait there, if anywhere.
        if (written) written.flush(() => resolve());
        else log.flush(() => resolve());
      }),
  };
}

/**
 * An id a proxy in front may have given the request: kept when it is short and plain, and not a
 * key (which it would write on every line of the request).
 */
const FORWARDED_ID = /^[\w.:-]{1,64}$/;
const forwardedId = (given: unknown) =>
  typeof given === 'string' && FORWARDED_ID.test(given) && scrub(given) === given
    ? given
    : undefined;

/**
 * Wraps the API's handler: every request gets an id (the proxy's X-Request-Id when it sent a plain
 * one), answered in X-Request-Id and written on every line logged while it is handled, and, when
 * the logger is structured, one line when it ends. Requests `unlogged` says are (the health
 * checks, asked every few seconds by machines) get none of it.
 */
export function withRequestLog(
  logger: Logger,
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
  unlogged: (target: string | undefined) => boolean,
): (req: IncomingMessage, res: ServerResponse) => void {
  const lines = 'request' in logger ? (logger as StructuredLogger) : undefined;
  return (req, res) => {
    if (unlogged(req.url)) {
      handle(req, res);
      return;
    }
    const id = forwardedId(req.headers['x-request-id']) ?? randomUUID();
    res.setHeader('X-Request-Id', id);
    const started = performance.now();
    if (lines) {
      res.once('close', () =>
        requests.run({ id }, () =>
          lines.request({
            method: req.method ?? '',
            path: (req.url ?? '').split('?')[0] ?? '',
            status: res.writableFinished ? res.statusCode : undefined,
            ms: Math.round((performance.now() - started) * 10) / 10,
          }),
        ),
      );
    }
    requests.run({ id }, () => handle(req, res));
  };
}

/** Whether `error` only says that the client closed the connection before its request was read. */
export function clientWentAway(incoming: IncomingMessage, error: unknown): boolean {
  return (
    (incoming.aborted || incoming.destroyed) &&
    error instanceof Error &&
    ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || error.message === 'aborted')
  );
}
