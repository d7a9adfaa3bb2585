// Dot segments (`.` and `..`, a dot also sent as %2e) are refused before anything reads the path.
// The URL parser removes them, so the app would answer `/v1/health/../links` as `/v1/links`, while
// the request log, the metrics and a proxy in front had read a health check's path in the raw one.
// Refusing is safer than normalising here: every reader of the raw path would have to normalise
// it alike, and no client of this API has a reason to send one.
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { ErrorCode } from '../../contract/limits.ts';
import { HttpProblem } from './problems.ts';

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Whether the path of a request target (before its query) has a `.` or `..` segment. */
export function hasDotSegment(target: string): boolean {
  const path = target.split('?', 1)[0] ?? '';
  return path.split('/').some((segment) => DOT_SEGMENT.test(segment));
}

/** The first middleware of the API: reads the request target as the client sent it. */
export const refuseDotSegments: MiddlewareHandler<{ Bindings: HttpBindings }> = async (c, next) => {
  if (hasDotSegment(c.env.incoming.url ?? '')) {
    throw new HttpProblem(
      ErrorCode.invalidPath,
      'The path must not contain "." or ".." segments: send the endpoint\'s own path.',
    );
  }
  await next();
};
