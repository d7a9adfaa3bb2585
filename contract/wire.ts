// The interface's rules as zod schemas, shared by the extension (to check input as it is typed)
// and the reference service (to reject it); the plain limits they use are in contract-limits.ts.
import * as z from 'zod/mini';
import {
  BACK_HALF_MAX_LENGTH,
  BACK_HALF_PATTERN,
  DESTINATION_URL_MAX_LENGTH,
  DIRECTION_CONTROL_RANGES,
  MAX_CLICKS_LIMIT,
  TITLE_MAX_LENGTH,
} from './limits.ts';
import { DestinationHealthJson } from './link-health.ts';
import { Password } from './link-password.ts';
import { LinkTagNames, TagJson } from './tag-fields.ts';

/**
 * What a custom issue is about, in its `params`: the service answers with the English message,
 * the extension tells the issues apart by it and says them in the person's language
 * (lib/wording/field-problems.ts).
 */
export type CustomProblem =
  | 'brokenCharacter'
  | 'tooLong'
  | 'notAWebAddress'
  | 'notHttp'
  | 'credentials'
  | 'tooLongEncoded';

const about = (problem: CustomProblem, maximum?: number) => ({ problem, maximum });

/** Text that JavaScript holds but UTF-8 cannot: a lone half of a surrogate pair. */
const wellFormed = (what: string) =>
  z.refine<string>((text) => text.isWellFormed(), {
    error: `${what} contains a broken character (half of a surrogate pair); type it again.`,
    params: about('brokenCharacter'),
  });

/**
 * Control characters (C0, DEL, C1) and the line and paragraph separators, as explicit ranges: the
 * same set as `[\p{Cc}\p{Zl}\p{Zp}]`, written so that JSON Schema tools outside JavaScript can
 * build (and generate from) the patterns the published OpenAPI document carries. PostgreSQL
 * cannot store a NUL at all; the others would break a line of the list or hide text.
 */
const CONTROL_CHARACTER = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029';

/** Text of one or more characters, none of them a control character. */
export const NO_CONTROL_CHARACTERS = new RegExp(`^[^${CONTROL_CHARACTER}]+$`);

/** A check that the text (of one or more characters, or `emptyAllowed`) has no control character. */
const noControlCharacters = (what: string, { emptyAllowed = false } = {}) =>
  z.regex(
    emptyAllowed ? new RegExp(`^[^${CONTROL_CHARACTER}]*$`) : NO_CONTROL_CHARACTERS,
    `${what} must not contain line breaks or control characters.`,
  );

/** Where the text of a URL's authority (`user:pass@host:port`) ends, as a lenient parser reads it. */
const AUTHORITY = /^[a-z][a-z0-9+.-]*:[\\/]*([^/?#]*)/i;

/**
 * A destination as WHATWG URL parsing gives it, as browsers do: `HTTP://Example.COM` becomes
 * `http://example.com/` and a space in the path or query `%20`, so what is stored and shown is
 * exactly where the redirect goes. Refused: what is not an http(s) address, line breaks and control
 * characters (the parser would silently drop them), and a user name or password before the host
 * (`https://paypal.com@evil.example/` leads to evil.example; the `\\@` form fools other parsers).
 */
const normalizeAddress =
  (what: string) =>
  (text: string, ctx: { issues: unknown[] }): string => {
    const refuse = (message: string, params: ReturnType<typeof about>) => {
      ctx.issues.push({ code: 'custom', message, input: text, params });
      return z.NEVER;
    };
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return refuse(
        `${what} is not a web address: give the full address, starting with http:// or https://.`,
        about('notAWebAddress'),
      );
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname.startsWith('.')) {
      return refuse(
        `${what} must be a full web address starting with http:// or https://.`,
        about('notHttp'),
      );
    }
    if (url.username || url.password || AUTHORITY.exec(text)?.[1]?.includes('@')) {
      return refuse(
        `${what} must not name a user or password before the host (as in https://name@host): such addresses disguise where a link leads.`,
        about('credentials'),
      );
    }
    if (url.href.length > DESTINATION_URL_MAX_LENGTH) {
      return refuse(
        `${what} is too long: at most ${DESTINATION_URL_MAX_LENGTH} characters once encoded.`,
        about('tooLongEncoded', DESTINATION_URL_MAX_LENGTH),
      );
    }
    return url.href;
  };

/** A web address under the destination's rules; `what` names the field in its messages. */
export const webAddress = (what: string, name: string) =>
  z.pipe(
    z
      .string({ error: `${what} must be text.` })
      .check(
        z.trim(),
        z.minLength(1, `Enter ${name}.`),
        z.maxLength(
          DESTINATION_URL_MAX_LENGTH,
          `${what} is too long: at most ${DESTINATION_URL_MAX_LENGTH} characters.`,
        ),
        noControlCharacters(what),
        wellFormed(what),
      ),
    z.transform(normalizeAddress(what)),
  );

// zod/mini: the popup loads these, and the full zod would cost it 20 kB gzip more.
export const DestinationUrl = webAddress('The destination URL', 'the destination URL');

export const BackHalf = z
  .string({ error: 'The back-half must be text.' })
  .check(
    z.maxLength(
      BACK_HALF_MAX_LENGTH,
      `The back-half is too long: at most ${BACK_HALF_MAX_LENGTH} characters.`,
    ),
    z.regex(
      BACK_HALF_PATTERN,
      'The back-half may use only letters, digits, "-" and "_" (1 to 64 characters).',
    ),
  );

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** A top label starts with a letter: one of digits only makes a browser read the host as IPv4. */
const TOP_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])';
const PORT = '(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])';

/**
 * The host part of a link identifier (`<host>/<back_half>`): a DNS name or an IPv4 address, with a
 * port where the short domain has one. Every host it matches parses as a URL's host, so the
 * service refuses by it alone and the published description of the path is exactly as strict.
 */
export const LINK_HOST_PATTERN = new RegExp(
  `^(?:(?:${LABEL}\\.)*${TOP_LABEL}\\.?|${OCTET}(?:\\.${OCTET}){3})(?::${PORT})?$`,
);

/**
 * A custom domain's name as the service's command line takes it: two labels or more, the top one
 * not a number (so never an IP address), no port; any case (it is stored in lower case).
 */
export const CUSTOM_DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+${TOP_LABEL}\\.?$`);

export const Title = z.string({ error: 'The title must be text.' }).check(
  wellFormed('The title'),
  noControlCharacters('The title', { emptyAllowed: true }),
  z.regex(
    new RegExp(`^[^${DIRECTION_CONTROL_RANGES}]*$`),
    'The title must not contain text-direction controls (U+202A to U+202E, U+2066 to U+2069): they make it read otherwise than it is written.',
  ),
  z.refine((title) => [...title].length <= TITLE_MAX_LENGTH, {
    error: `The title is too long: at most ${TITLE_MAX_LENGTH} characters.`,
    params: about('tooLong', TITLE_MAX_LENGTH),
  }),
);

/**
 * When a link stops leading to its destination: an ISO 8601 instant with its offset (`Z` or
 * `+02:00`), or null for never. That it is still ahead is the service's to check, by its clock
 * (EXPIRES_AT_PAST).
 */
export const EXPIRES_AT_RULE =
  'The expiry must be an ISO 8601 date and time with its offset, as 2026-12-31T23:59:00Z.';
export const ExpiresAt = z.nullable(z.iso.datetime({ offset: true, error: EXPIRES_AT_RULE }));
export const EXPIRES_AT_PAST = 'The expiry must be in the future.';

/** How many clicks a link leads to its destination for, or null for no limit. */
export const MAX_CLICKS_RULE = `The click limit must be a whole number from 1 to ${MAX_CLICKS_LIMIT.toLocaleString('en')}.`;
export const MaxClicks = z.nullable(
  z
    .int({ error: MAX_CLICKS_RULE })
    .check(z.gte(1, MAX_CLICKS_RULE), z.lte(MAX_CLICKS_LIMIT, MAX_CLICKS_RULE)),
);

/** Where an expired link leads instead of its page "This link has expired", or null. */
export const ExpiredUrl = z.nullable(
  webAddress('The address after expiry', 'the address to go to after the link expires'),
);

export const DomainHost = z
  .string({ error: 'The domain must be text.' })
  .check(
    z.trim(),
    z.minLength(1, 'The domain must not be empty.'),
    z.maxLength(253, 'The domain is too long.'),
    wellFormed('The domain'),
    noControlCharacters('The domain'),
  );

// The wire JSON, written once: what the service sends (link, domain, error body, the answers that
// carry them) and what it accepts (create and update bodies). The reference service validates
// with these strictly, the extension's client reads answers by the same field names leniently
// (lib/api/schemas.ts), and the tests type their requests with them.

export const LinkJson = z.object({
  short_url: z.string(),
  destination_url: z.string(),
  clicks: z.number(),
  created_at: z.string(),
  title: z.string(),
});
export type LinkJson = z.infer<typeof LinkJson>;

export const DomainJson = z.object({
  domain: z.string(),
  subdomain: z.string(),
  root_domain: z.string(),
  created_at: z.string(),
});
export type DomainJson = z.infer<typeof DomainJson>;

/**
 * A link as the reference service answers it: the interface's fields, when it ends (null where
 * unset; `expires_at` as `2026-12-31T23:59:00.000Z` in every answer) and whether it asks for a
 * password (never the password). Apart from LinkJson, which
 * the extension reads from any service, whose answers may lack these.
 */
export const ServiceLinkJson = z.extend(LinkJson, {
  expires_at: z.nullable(z.string()),
  max_clicks: z.nullable(z.number()),
  expired_url: z.nullable(z.string()),
  password_protected: z.boolean(),
  ...DestinationHealthJson,
  tags: z.array(TagJson),
});
export type ServiceLinkJson = z.infer<typeof ServiceLinkJson>;

/** Create, retrieve and update answer with the link's fields at the top level. */
export const LinkAnswerJson = z.extend(ServiceLinkJson, { success: z.literal(true) });
export type LinkAnswerJson = z.infer<typeof LinkAnswerJson>;
export const LinkListJson = z.object({ success: z.literal(true), links: z.array(ServiceLinkJson) });
export type LinkListJson = z.infer<typeof LinkListJson>;
export const DomainListJson = z.object({ success: z.literal(true), domains: z.array(DomainJson) });
export type DomainListJson = z.infer<typeof DomainListJson>;
export const DeleteAnswerJson = z.object({ success: z.literal(true), message: z.string() });
export type DeleteAnswerJson = z.infer<typeof DeleteAnswerJson>;

// The statistics' wire shapes live in link-stats.ts; the extension reads this one from here.
export { REFERRER_KINDS } from './link-stats.ts';

/** Every error answer: a code for programs, a sentence for people, the input at fault if one is. */
export const ErrorBodyJson = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  field: z.optional(z.string()),
});
export type ErrorBodyJson = z.infer<typeof ErrorBodyJson>;

export const CreateLinkBody = z.strictObject({
  destination_url: DestinationUrl,
  back_half: z.optional(BackHalf),
  title: z.optional(Title),
  domain: z.optional(DomainHost),
  expires_at: z.optional(ExpiresAt),
  max_clicks: z.optional(MaxClicks),
  expired_url: z.optional(ExpiredUrl),
  password: z.optional(Password),
  tags: z.optional(LinkTagNames),
});
export type CreateLinkBody = z.infer<typeof CreateLinkBody>;

/** At least one field; the service says so in its own words. */
export const UpdateLinkBody = z.strictObject({
  destination_url: z.optional(DestinationUrl),
  title: z.optional(Title),
  expires_at: z.optional(ExpiresAt),
  max_clicks: z.optional(MaxClicks),
  expired_url: z.optional(ExpiredUrl),
  password: z.optional(Password),
  /** The link's whole set of tags; absent: kept. */
  tags: z.optional(LinkTagNames),
});
export type UpdateLinkBody = z.infer<typeof UpdateLinkBody>;
