// An answer's body read as JSON and checked against its schema; each way it can fail, named.
import type { ZodMiniType } from 'zod/mini';
import { apiErrorFromResponse } from './error-body.ts';
import { type ApiErrorReason, ownApiError } from './errors.ts';

export function parseAnswer<T>(text: string, schema: ZodMiniType<T>, emptyIsFine: boolean): T {
  const unexpected = (reason: ApiErrorReason, values: string[] = [], cause?: unknown) =>
    ownApiError('unexpected_response', reason, values, { status: 200, cause });
  if (text.trim() === '') {
    if (emptyIsFine) return schema.parse({});
    throw unexpected('emptyAnswer');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw unexpected(
      text.trimStart().startsWith('<') ? 'webPageAnswer' : 'notJsonAnswer',
      [],
      error,
    );
  }
  if (
    typeof body === 'object' &&
    body !== null &&
    (body as { success?: unknown }).success === false
  ) {
    throw apiErrorFromResponse(200, body);
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw issue?.path.length
    ? unexpected('answerLacksField', [issue.path.join('.')], result.error)
    : unexpected('answerLacksFields', [], result.error);
}
