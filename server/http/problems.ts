// Error answers and what produces most of them: the problem a route throws, the body read within
// its size limit, and the zod check of what was read. Every problem has a code of the contract;
// its status comes from the contract's table.
import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context, ErrorHandler, Handler, NotFoundHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as z from 'zod/mini';
import { ERROR_CODES, ErrorCode, MAX_REQUEST_BODY_BYTES } from '../../contract/limits.ts';
import type { ErrorBodyJson } from '../../contract/wire.ts';
import type { Logger } from '../shared/logger.ts';
import { clientWentAway } from '../shared/structured-log.ts';
import { StorageUnavailable } from '../storage/storage.ts';

export class HttpProblem extends Error {
  override name = 'HttpProblem';
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;

  /** The status is the code's, from the contract's table: a code is never sent with another. */
  constructor(
    code: ErrorCode,
    message: string,
    options: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
    this.code = code;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }
}

export function problemResponse(c: Context, problem: HttpProblem): Response {
  const body: ErrorBodyJson = {
    success: false,
    code: problem.code,
    message: problem.message,
  };
  if (problem.field) body.field = problem.field;
  return c.json(body, problem.status, problem.headers);
}

/** What a 503 asks for when the database is locked, full or failing. */
const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to whatever a route threw: its problem, a 503 when the database cannot be used now,
 * else a 500 whose cause goes to the log only.
 */
export function answerError<E extends { Bindings: HttpBindings }>(logger: Logger): ErrorHandler<E> {
  return (error, c) => {
    if (clientWentAway(c.env.incoming, error)) return new Response(null, { status: 499 });
    if (error instanceof HttpProblem) return problemResponse(c, error);
    if (error instanceof StorageUnavailable) {
      // Locked by another process, disk full or failing: the write was rolled back whole.
      logger.error(`${c.req.method} ${c.req.path}: ${error.message}`);
      return problemResponse(
        c,
        new HttpProblem(
          ErrorCode.serviceUnavailable,
          `The service cannot store data right now. Try again in ${STORAGE_RETRY_AFTER_SECONDS} seconds.`,
          { headers: { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) } },
        ),
      );
    }
    logger.error(`${c.req.method} ${c.req.path} failed`, error);
    return problemResponse(
      c,
      new HttpProblem(ErrorCode.internalError, 'The service failed to answer. Try again later.'),
    );
  };
}

/**
 * A path no route answered: 405 with the `Allow` header RFC 9110 asks for when the path is an
 * endpoint (`allowedAt` gives its methods), else 404.
 */
export function answerNotFound(allowedAt: (path: string) => string | undefined): NotFoundHandler {
  return (c) => {
    const allow = allowedAt(c.req.path);
    return problemResponse(
      c,
      allow
        ? new HttpProblem(ErrorCode.methodNotAllowed, `${c.req.method} is not allowed here.`, {
            headers: { Allow: allow },
          })
        : new HttpProblem(ErrorCode.notFound, `No endpoint ${c.req.method} ${c.req.path}.`),
    );
  };
}

/**
 * The route of methods that are wrong at a path a wider route of the same module would otherwise
 * take: it leaves the answer to the not-found handler, which answers 405. routes.test.ts knows it
 * by name and asks no table row for it.
 */
export const answerWrongMethod: Handler = (c) => c.notFound();

const tooLarge = () =>
  new HttpProblem(
    ErrorCode.payloadTooLarge,
    `The request body is larger than ${MAX_REQUEST_BODY_BYTES / 1024} KiB.`,
    // The rest of the body is never read: a client that reused this connection would send its
    // next request into it and have it dropped when Node gives up draining (seen with fetch after
    // a 1 MiB body). Closing tells it not to.
    { headers: { Connection: 'close' } },
  );

/** The raw body from Node's request stream, refused past the size limit before it is all read. */
async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  if (Number(incoming.headers['content-length'] ?? 0) > MAX_REQUEST_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');
const REPLACEMENT = '\uFFFD';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpProblem(ErrorCode.invalidJson, 'The request body is not valid JSON.');
  }
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body with bytes that are not UTF-8 is refused, never stored with U+FFFD in their place. The
 * field named is the first whose text the lenient decoder had to patch (when the client sent a
 * real U+FFFD too, the first holding one).
 */
function refuseInvalidUtf8(bytes: Buffer): never {
  const body = parseJson(lenientUtf8.decode(bytes));
  const field = isObject(body)
    ? Object.keys(body).find((name) => {
        const value = body[name];
        return typeof value === 'string' && value.includes(REPLACEMENT);
      })
    : undefined;
  if (field === undefined) {
    throw new HttpProblem(ErrorCode.invalidJson, 'The request body is not valid UTF-8 text.');
  }
  throw new HttpProblem(
    ErrorCode.invalidField,
    `The field "${field}" holds bytes that are not UTF-8 text; send it encoded as UTF-8.`,
    { field },
  );
}

/** The request's body as a JSON object, or the problem that says why it is not one. */
export async function readJsonObject(incoming: IncomingMessage): Promise<Record<string, unknown>> {
  const bytes = await readBody(incoming);
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    refuseInvalidUtf8(bytes);
  }
  const body = parseJson(text);
  if (!isObject(body)) {
    throw new HttpProblem(ErrorCode.invalidBody, 'The request body must be a JSON object.');
  }
  return body;
}

/** The body as the schema types it, or the problem naming the first field it refuses. */
export function validate<T>(schema: z.ZodMiniType<T>, body: Record<string, unknown>): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const field = issue.keys[0] ?? '';
    throw new HttpProblem(ErrorCode.unknownField, `Unknown field "${field}".`, { field });
  }
  const field = String(issue?.path[0] ?? '');
  if (field && body[field] === undefined) {
    throw new HttpProblem(ErrorCode.missingField, `The field "${field}" is required.`, {
      field,
    });
  }
  throw new HttpProblem(ErrorCode.invalidField, issue?.message ?? 'Invalid input.', {
    field: field || undefined,
  });
}
