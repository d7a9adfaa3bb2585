// Error answers as services send them, for the tests of error-body.ts: our own service's (read by
// their code alone) and foreign services' (read by their status and, where the status does not
// tell, by their words). Each text rule of error-body.ts has at least one body here that needs it.
import type { ErrorCode } from '../contract-limits.ts';
import type { ApiErrorKind } from './errors.ts';

export type ErrorSample = {
  /** Who sends it, and what it says. */
  name: string;
  status: number;
  body: unknown;
  kind: ApiErrorKind;
};

const ours = (code: ErrorCode, message: string, field?: string) => ({
  success: false,
  code,
  message,
  ...(field ? { field } : {}),
});

/**
 * Our service's answers whose words would mislead the text rules: the code decides. A domain
 * named with "slug" and "taken" in it reads, by its words, as a taken back-half; a plan-less
 * sentence of a 403 reads as the plan.
 */
export const OWN_SERVICE_SAMPLES: ErrorSample[] = [
  {
    name: 'our service: an unknown domain whose name says "slug" and "taken"',
    status: 400,
    body: ours(
      'unknown_domain',
      'The domain "slug-taken.example" has not been added to this account.',
      'domain',
    ),
    kind: 'invalid_input',
  },
  {
    name: 'our service: a back-half refused whose typed value says "in use"',
    status: 400,
    body: ours(
      'invalid_field',
      'The back-half "in use" may use only letters, digits, "-" and "_".',
      'back_half',
    ),
    kind: 'invalid_input',
  },
  {
    name: 'our service: a taken back-half',
    status: 409,
    body: ours(
      'back_half_taken',
      'The back-half "spring" is already taken on localhost:8787. Choose another.',
      'back_half',
    ),
    kind: 'back_half_taken',
  },
  {
    name: 'our service: an unpaid plan',
    status: 403,
    body: ours(
      'paid_plan_required',
      'The API is available only on paid plans. Upgrade the account to use it.',
    ),
    kind: 'paid_plan_required',
  },
  {
    name: 'our service: a store that cannot write',
    status: 503,
    body: ours(
      'service_unavailable',
      'The service cannot store data right now. Try again in 5 seconds.',
    ),
    kind: 'server_error',
  },
  {
    name: 'our service: a method the path does not take',
    status: 405,
    body: ours('method_not_allowed', 'PATCH is not allowed here.'),
    kind: 'unexpected_response',
  },
];

/** A 400 or 422 that says, in its own way, that the back-half is taken: saysBackHalfTaken's rules. */
export const TAKEN_SAMPLES: ErrorSample[] = [
  {
    name: 'the hosted service (Laravel): the alias field "has already been taken"',
    status: 422,
    body: {
      message: 'The alias has already been taken.',
      errors: { alias: ['The alias has already been taken.'] },
    },
    kind: 'back_half_taken',
  },
  {
    name: 'Kutt: {"error"} with "Custom URL is already in use."',
    status: 400,
    body: { error: 'Custom URL is already in use.' },
    kind: 'back_half_taken',
  },
  {
    name: 'Shlink: an RFC 7807 problem of type non-unique-slug',
    status: 400,
    body: {
      type: 'https://shlink.io/api/error/non-unique-slug',
      title: 'Invalid custom slug',
      detail: 'Provided slug "spring" is already in use.',
      status: 400,
    },
    kind: 'back_half_taken',
  },
  {
    name: 'a duplicate code',
    status: 400,
    body: { code: 'DUPLICATE_SLUG', message: 'Nope.' },
    kind: 'back_half_taken',
  },
  {
    name: 'Rails: a field map "has already been taken"',
    status: 422,
    body: { errors: { back_half: ['has already been taken'] } },
    kind: 'back_half_taken',
  },
  {
    name: 'an error list naming the slug field',
    status: 400,
    body: { errors: [{ field: 'slug', message: 'is not available' }] },
    kind: 'back_half_taken',
  },
  {
    name: 'an alias sentence',
    status: 400,
    body: { message: 'This alias is already taken.' },
    kind: 'back_half_taken',
  },
  {
    name: 'a short code sentence as plain text',
    status: 400,
    body: 'Short code already exists',
    kind: 'back_half_taken',
  },
  {
    name: 'a bare "already exists", no field named',
    status: 400,
    body: { message: 'Already exists.' },
    kind: 'back_half_taken',
  },
];

/** A 400 whose words come near "taken" but say something else: the rules must not fire. */
export const NOT_TAKEN_SAMPLES: ErrorSample[] = [
  {
    name: 'a domain that does not exist (negated code)',
    status: 400,
    body: { code: 'domain_not_exists', message: 'Domain does not exist.' },
    kind: 'invalid_input',
  },
  {
    name: 'a service not available (no back-half named)',
    status: 400,
    body: { message: 'Service not available' },
    kind: 'invalid_input',
  },
  {
    name: 'the hosted service (Laravel): an invalid URL',
    status: 422,
    body: {
      message: 'The url field must be a valid URL.',
      errors: { url: ['The url field must be a valid URL.'] },
    },
    kind: 'invalid_input',
  },
  {
    name: 'Kutt: an invalid URL',
    status: 400,
    body: { error: 'URL is not valid.' },
    kind: 'invalid_input',
  },
];

/** A 403: the plan (PAID_PLAN's words) or a key without this right. */
export const FORBIDDEN_SAMPLES: ErrorSample[] = [
  {
    name: 'the hosted service (Laravel): a subscription to upgrade',
    status: 403,
    body: { message: 'Please upgrade your subscription to use the API.' },
    kind: 'paid_plan_required',
  },
  {
    name: 'a code naming the plan',
    status: 403,
    body: { error: { code: 'plan_required', message: 'Not on this plan.' } },
    kind: 'paid_plan_required',
  },
  {
    name: 'Kutt: a key without this right',
    status: 403,
    body: { error: 'Forbidden.' },
    kind: 'unauthorized',
  },
];
