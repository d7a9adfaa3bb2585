// Reading any service's error answer into an ApiError: the shapes services send (message, error,
// errors by field, RFC 7807, plain text), their names for our fields, and what each status means.
import { knownErrorCode } from '../../contract/limits.ts';
import {
  ApiError,
  type ApiErrorDetails,
  type ApiErrorKind,
  type ApiErrorReason,
  ownApiError,
} from './errors.ts';

export type ErrorBody = { message?: string; code?: string; field?: string };

const MAX_MESSAGE_LENGTH = 300;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (!trimmed) return undefined;
  return trimmed.length > MAX_MESSAGE_LENGTH
    ? `${trimmed.slice(0, MAX_MESSAGE_LENGTH - 1)}…`
    : trimmed;
}

/** The first usable text of a string or of a list of strings (`["msg", ...]`). */
function firstText(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = text(item);
      if (found) return found;
    }
    return undefined;
  }
  return text(value);
}

/** A field named by a name, a path list (`["body", "back_half"]`) or a JSON pointer. */
function fieldName(value: unknown): string | undefined {
  if (Array.isArray(value)) return fieldName(value.filter((part) => part !== 'body').at(-1));
  const name = text(value);
  if (!name) return undefined;
  return name.startsWith('/') ? name.split('/').at(-1) || undefined : name;
}

/** `"invalid_request"` in `{"error": ...}` is a code, `"Link not found"` is a sentence. */
const looksLikeCode = (value: string) => /^[A-Za-z0-9_.:-]+$/.test(value) && /[_.:-]/.test(value);

/** The code at the end of an RFC 7807 `type` URI (`https://x/errors/non-unique-slug`). */
function codeOfType(value: unknown): string | undefined {
  const type = text(value);
  if (!type || type === 'about:blank') return undefined;
  return type.split(/[/#]/).filter(Boolean).at(-1);
}

/** A word code (`ALREADY_EXISTS`) rather than a number (`409`) when the service sends both. */
function pickCode(...values: unknown[]): string | undefined {
  const codes = values.map(text).filter((code) => code !== undefined);
  return codes.find((code) => !/^\d+$/.test(code)) ?? codes[0];
}

/** The first entry of an error list: `[{field|param|path|loc|source, message|msg|detail}]`. */
function readErrorList(list: unknown[]): ErrorBody {
  for (const item of list) {
    if (typeof item === 'string' && text(item)) return { message: text(item) };
    if (!isObject(item)) continue;
    const source = isObject(item.source) ? item.source : {};
    const field = fieldName(
      item.field ?? item.param ?? item.path ?? item.loc ?? item.name ?? source.pointer,
    );
    const message = firstText(
      item.message ?? item.msg ?? item.detail ?? item.reason ?? item.title ?? item.description,
    );
    const code = text(item.code) ?? text(item.type);
    if (message || code) return { message, code, field };
  }
  return {};
}

/** The first entry of a field map: `{"back_half": "msg" | ["msg", ...]}`. */
function readFieldMap(map: Json): ErrorBody {
  for (const [key, value] of Object.entries(map)) {
    const message = firstText(value) ?? (isObject(value) ? firstText(value.message) : undefined);
    if (!message) continue;
    const field = key === 'non_field_errors' || key === '__all__' ? undefined : key;
    // Rails and Django send "has already been taken"; the field name makes it a sentence.
    const sentence = field && /^[a-z]/.test(message) ? `${field} ${message}` : message;
    return { message: sentence, field };
  }
  return {};
}

function readErrorObject(body: Json): ErrorBody {
  const nested = isObject(body.error) ? body.error : undefined;
  const errorText = text(body.error);
  const errorIsCode = errorText !== undefined && looksLikeCode(errorText);

  let fromList: ErrorBody = {};
  if (Array.isArray(body.errors)) fromList = readErrorList(body.errors);
  else if (isObject(body.errors)) fromList = readFieldMap(body.errors);
  else if (Array.isArray(body.detail)) fromList = readErrorList(body.detail);
  else if (Array.isArray(body.invalid_params ?? body['invalid-params'])) {
    fromList = readErrorList((body.invalid_params ?? body['invalid-params']) as unknown[]);
  }
  if (nested && !fromList.message) {
    if (Array.isArray(nested.errors)) fromList = readErrorList(nested.errors);
    else if (isObject(nested.details)) fromList = readFieldMap(nested.details);
  }

  const summary =
    firstText(body.message) ??
    (nested && (firstText(nested.message) ?? text(nested.detail))) ??
    (errorIsCode ? undefined : errorText) ??
    text(body.error_description) ??
    text(body.detail);
  // "Validation failed" alone names no cause; the first listed error does.
  const message =
    summary && fromList.message && !summary.includes(fromList.message)
      ? `${summary}${/[.!?]$/.test(summary) ? '' : ':'} ${fromList.message}`
      : (summary ?? fromList.message ?? text(body.msg) ?? text(body.title) ?? text(body.reason));

  const code =
    text(body.code) ??
    (nested && pickCode(nested.code, nested.status, nested.type)) ??
    text(body.error_code) ??
    text(body.errorCode) ??
    (errorIsCode ? errorText : undefined) ??
    fromList.code ??
    codeOfType(body.type);

  const field =
    fieldName(body.field) ??
    fieldName(body.param) ??
    (nested && (fieldName(nested.field) ?? fieldName(nested.param))) ??
    fromList.field;

  if (!message && !code && !field) {
    // Django REST answers with a bare field map: {"back_half": ["..."]}.
    const bare = readFieldMap(
      Object.fromEntries(Object.entries(body).filter(([, value]) => Array.isArray(value))),
    );
    if (bare.message) return bare;
  }
  return { message, code, field };
}

/** Whatever an error answer carries for a person (message) and for code (code, field). */
export function readErrorBody(body: unknown): ErrorBody {
  let result: ErrorBody = {};
  if (typeof body === 'string') {
    const trimmed = body.trim();
    if (/^[{[]/.test(trimmed)) {
      try {
        return readErrorBody(JSON.parse(trimmed));
      } catch {}
    }
    // An HTML error page (proxy, login wall) has no sentence worth showing.
    if (!trimmed.startsWith('<')) result = { message: text(trimmed) };
  } else if (isObject(body)) {
    result = readErrorObject(body);
  } else if (Array.isArray(body)) {
    result = readErrorList(body);
  }
  return Object.fromEntries(
    Object.entries(result).filter(([, value]) => value !== undefined),
  ) as ErrorBody;
}

const FIELD_SYNONYMS: Record<string, string> = {
  backhalf: 'back_half',
  slug: 'back_half',
  custom_slug: 'back_half',
  alias: 'back_half',
  custom_url: 'back_half',
  customurl: 'back_half',
  custom_path: 'back_half',
  keyword: 'back_half',
  short_code: 'back_half',
  shortcode: 'back_half',
  destinationurl: 'destination_url',
  destination: 'destination_url',
  url: 'destination_url',
  long_url: 'destination_url',
  longurl: 'destination_url',
  target: 'destination_url',
  target_url: 'destination_url',
  original_url: 'destination_url',
  domain_name: 'domain',
};

/** Another service's name for one of our fields, as our wire name (`slug` → `back_half`). */
export function normalizeField(field: string): string {
  const name = field
    .replace(/^(body|data|attributes)[./]/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]/g, '_')
    .toLowerCase();
  return FIELD_SYNONYMS[name] ?? FIELD_SYNONYMS[name.replace(/_/g, '')] ?? name;
}

const NEGATED = /not[-_ ]?exist|does ?n[o']t exist|unknown|not[-_ ]?found|no such/i;
const TAKEN_CODE = /taken|exist|duplicate|non[-_ ]?unique|conflict|in[-_ ]?use|unavailable/i;
const TAKEN_TEXT =
  /taken|already (exists|in use|used|registered|reserved)|exists already|in use|not available|unavailable|duplicate|not unique/i;
const ALREADY = /already (exists|taken|in use|used)|has already been taken/i;
const BACK_HALF_WORDS =
  /back[-_ ]?half|slug|alias|custom (path|url|link|name|back)|short[-_ ]?(code|url|link|path)|keyword/i;

/**
 * Whether a foreign service's 400 or 422 says that the chosen back-half is taken (services say it
 * many ways; samples in test/fixtures/error-bodies.ts).
 */
function saysBackHalfTaken({ message = '', code = '', field = '' }: ErrorBody): boolean {
  if (code && TAKEN_CODE.test(code) && !NEGATED.test(code)) return true;
  if (!message || NEGATED.test(message)) return false;
  const aboutBackHalf = normalizeField(field) === 'back_half' || BACK_HALF_WORDS.test(message);
  return (aboutBackHalf && TAKEN_TEXT.test(message)) || (!field && ALREADY.test(message));
}

const PAID_PLAN = /plan|paid|upgrade|subscri|billing|premium|payment/i;

/** Seconds to wait from a Retry-After value: delay seconds or an HTTP date. */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The kind of a code of the contract sent with the status the contract gives it: an answer of our
 * service (or of one that speaks the contract), read by its code alone. A known code with another
 * status is some other service's, read as any foreign answer.
 */
function kindOfOwnCode(status: number, code: string | undefined): ApiErrorKind | undefined {
  const row = knownErrorCode(code);
  return row?.status === status ? row.kind : undefined;
}

/**
 * The kind of a foreign service's answer: its status, and where the status does not tell (a 400
 * or 422 about a taken back-half, a 403 about the plan), its words.
 */
function kindOfForeignAnswer(status: number, read: ErrorBody): ApiErrorKind {
  if (status === 409 || ((status === 400 || status === 422) && saysBackHalfTaken(read))) {
    return 'back_half_taken';
  }
  if (status === 400 || status === 422 || status === 413) return 'invalid_input';
  if (status === 401) return 'unauthorized';
  if (status === 403) {
    return PAID_PLAN.test(`${read.code ?? ''} ${read.message ?? ''}`)
      ? 'paid_plan_required'
      : 'unauthorized';
  }
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status >= 500 && status <= 599) return 'server_error';
  return 'unexpected_response';
}

/** What the error says when the service sent no sentence of its own: one of the client's own. */
function ownReason(
  kind: ApiErrorKind,
  status: number,
  field: string | undefined,
): [ApiErrorReason, string[]] {
  switch (kind) {
    case 'back_half_taken':
      return ['backHalfTaken', []];
    case 'invalid_input':
      if (status === 413) return ['requestTooLarge', []];
      return field ? ['fieldRefused', [field]] : ['requestRefused', []];
    case 'unauthorized':
      return [status === 403 ? 'keyNotAllowed' : 'keyRefused', []];
    case 'paid_plan_required':
      return ['paidPlanOnly', []];
    case 'not_found':
      return ['linkNotFound', []];
    case 'timeout':
      return ['serviceGaveUp', []];
    case 'rate_limited':
      return ['tooManyRequests', []];
    case 'server_error':
      return ['serviceFailed', [String(status)]];
    default:
      return ['unexpectedStatus', [String(status)]];
  }
}

/**
 * The client's sentence that says the whole of a contract code, from the code's row (`reason`):
 * a service's own sentence for it (English in the reference service) can then be said in the
 * person's language. Its return type is what makes every `reason` of ERROR_CODES a sentence the
 * client has: a name it lacks fails the type check here.
 */
function reasonOfCode(code: string | undefined): ApiErrorReason | undefined {
  const row = knownErrorCode(code);
  return row && 'reason' in row ? row.reason : undefined;
}

/** The typed error for an HTTP error answer of any shape: a known code first, then the status. */
export function apiErrorFromResponse(
  status: number,
  body: unknown,
  headers: Headers = new Headers(),
): ApiError {
  const read = readErrorBody(body);
  const kind = kindOfOwnCode(status, read.code) ?? kindOfForeignAnswer(status, read);
  const field =
    kind === 'back_half_taken'
      ? 'back_half'
      : read.field === undefined
        ? undefined
        : normalizeField(read.field);
  const details: ApiErrorDetails = { status, code: read.code, field };
  if (kind === 'rate_limited') {
    details.retryAfterSeconds = parseRetryAfter(headers.get('retry-after'));
  }
  if (read.message !== undefined) {
    const reason = reasonOfCode(read.code);
    if (!reason) return new ApiError(kind, read.message, details);
    const reasonValues = reason === 'serviceFailed' ? [String(status)] : [];
    return new ApiError(kind, read.message, { ...details, reason, reasonValues });
  }
  const [reason, values] = ownReason(kind, status, field);
  return ownApiError(kind, reason, values, details);
}
