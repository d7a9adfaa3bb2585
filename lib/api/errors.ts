// The one error type of the API client. How a service's error answer is read into it is in
// error-body.ts; the words the UI shows for it are in ../error-text.ts.
import * as z from 'zod/mini';
import { ERROR_CODE_KINDS } from '../contract-limits.ts';

/**
 * Every failure the UI acts on: the kinds the contract's error codes are read as, and those no
 * service sends. Adding one means adding its row to ERROR_TEXT.
 */
export const ApiErrorKind = z.enum([
  ...ERROR_CODE_KINDS,
  'network',
  'timeout',
  'invalid_base_url',
  // The browser does not let the extension reach the API origin (withdrawn, or never granted).
  'permission_missing',
]);
export type ApiErrorKind = z.infer<typeof ApiErrorKind>;

export type ApiErrorDetails = {
  status?: number;
  /** The input field at fault, named as on the wire (`back_half`). */
  field?: string;
  /** The service's own error code, as it sent it. */
  code?: string;
  retryAfterSeconds?: number;
  cause?: unknown;
};

export class ApiError extends Error {
  override name = 'ApiError' as const;
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly field?: string;
  readonly code?: string;
  readonly retryAfterSeconds?: number;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.field = details.field;
    this.code = details.code;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** Also true for an ApiError made in another realm (popup, options and background each have one). */
export function isApiError(error: unknown): error is ApiError {
  if (error instanceof ApiError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { name?: unknown; kind?: unknown };
  return candidate.name === 'ApiError' && typeof candidate.kind === 'string';
}
