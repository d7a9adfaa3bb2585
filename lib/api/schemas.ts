// What the service sends, read leniently (unknown fields ignored, both date forms, missing extras
// defaulted), and what the extension sends, in camelCase until it goes on the wire. The field names
// come from the wire shapes in contract.ts; only how strictly each value is read differs here.
import * as z from 'zod/mini';
import {
  BackHalf,
  type CreateLinkBody,
  DestinationUrl,
  DomainHost,
  DomainJson,
  LinkJson,
  REFERRER_KINDS,
  Title,
  type UpdateLinkBody,
} from '../../contract/wire.ts';
import { LINK_EXTRAS_WIRE, type LinkExtras, readLinkExtras } from './link-extras.ts';
import { LifecycleInput, lifecycleBody } from './link-lifecycle.ts';
import { LinkTagsInput, tagsBody } from './link-tag-names.ts';
import { normalizeTimestamp, utcTimestamp } from './timestamp.ts';

export { normalizeTimestamp } from './timestamp.ts';

function toCount(value: unknown): number {
  const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

const Timestamp = z.pipe(z.optional(z.unknown()), z.transform(normalizeTimestamp));
const Count = z.pipe(z.optional(z.unknown()), z.transform(toCount));
const OptionalText = z.pipe(
  z.catch(z.nullish(z.string()), undefined),
  z.transform((text) => text ?? ''),
);

/**
 * A short URL the extension will show, copy and open: only http(s). Anything else (`javascript:`,
 * `data:`) from a compromised or confused service would be a trap behind a link.
 */
const ShortUrl = z.string().check(
  z.refine((text) => {
    const url = URL.parse(text.trim());
    return (
      url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.host !== ''
    );
  }, 'The short URL must be an http(s) address.'),
);

type LinkBase = {
  shortUrl: string;
  destinationUrl: string;
  clicks: number;
  createdAt: string;
  title: string;
};

export const Link = z.pipe(
  z.extend(LinkJson, {
    short_url: ShortUrl,
    clicks: Count,
    created_at: Timestamp,
    title: OptionalText,
    ...LINK_EXTRAS_WIRE,
  }),
  z.transform((wire): LinkBase & LinkExtras => ({
    shortUrl: wire.short_url,
    destinationUrl: wire.destination_url,
    clicks: wire.clicks,
    createdAt: wire.created_at,
    title: wire.title,
    ...readLinkExtras(wire),
  })),
);
export type Link = z.infer<typeof Link>;

export const Domain = z.pipe(
  z.extend(DomainJson, {
    domain: z.string().check(z.minLength(1)),
    subdomain: OptionalText,
    root_domain: OptionalText,
    created_at: Timestamp,
  }),
  z.transform((wire) => {
    const [firstLabel = '', ...rest] = wire.domain.split('.');
    return {
      domain: wire.domain,
      subdomain: wire.subdomain || firstLabel,
      rootDomain: wire.root_domain || rest.join('.'),
      createdAt: wire.created_at,
    };
  }),
);
export type Domain = z.infer<typeof Domain>;

/** Each entry on its own: one odd row is skipped, it never costs the whole list. */
export function eachValid<T>(
  entry: z.ZodMiniType<T>,
  plain?: () => (value: unknown) => T | undefined,
) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((entries) => {
      const read = plain?.();
      const valid: T[] = []; // Not flatMap: an array a row was garbage at 20,000 rows.
      for (const value of entries) {
        const taken = read?.(value);
        const result = taken === undefined ? entry.safeParse(value) : undefined;
        if (result === undefined) valid.push(taken as T);
        else if (result.success) valid.push(result.data);
      }
      return valid;
    }),
  );
}

/**
 * A reader of list rows in the form our service writes (every field of its type, clicks a whole
 * number, a UTC date in a common form, the short URL on an http(s) origin already checked in this
 * list): it answers what `Link` would, without the schema, which took 180 of the
 * 300 ms a 20,000-link list spent on the page (CPU profile). Any other row it leaves to `Link`
 * (undefined). One per list: it remembers the origins it has checked.
 */
export function plainLinkReader(): (value: unknown) => Link | undefined {
  const origins = new Set<string>();
  const originOf = (shortUrl: string) => {
    const slash = shortUrl.indexOf('/', shortUrl.indexOf('//') + 2);
    return slash > 0 ? shortUrl.slice(0, slash + 1) : '';
  };
  return (value) => {
    if (typeof value !== 'object' || value === null) return undefined;
    const row = value as Record<string, unknown>;
    const { short_url, destination_url, clicks, created_at, title } = row;
    if (
      typeof short_url !== 'string' ||
      typeof destination_url !== 'string' ||
      typeof title !== 'string' ||
      typeof clicks !== 'number' ||
      !Number.isSafeInteger(clicks) ||
      clicks < 0 ||
      typeof created_at !== 'string'
    ) {
      return undefined;
    }
    const createdAt = utcTimestamp(created_at);
    if (createdAt === undefined) return undefined;
    // "https://host/" checked once: a short URL that starts with it and holds no space or control
    // character is one ShortUrl takes as it is.
    const origin = originOf(short_url);
    if (!origins.has(origin)) {
      if (origin === '' || !ShortUrl.safeParse(origin).success || /\s/.test(origin)) {
        return undefined;
      }
      origins.add(origin);
    }
    if (!SAFE_PATH.test(short_url)) return undefined;
    return {
      shortUrl: short_url,
      destinationUrl: destination_url,
      clicks: clicks > 0 ? clicks : 0,
      createdAt,
      title,
      ...readLinkExtras(row),
    };
  };
}

/** No whitespace or control character anywhere (the URL parser would drop or encode them). */
const SAFE_PATH = /^[^\s\p{Cc}]*$/u;

/** Create, retrieve and update answer with the link's fields at the top level. */
export const LinkResponse = Link;
export type LinkResponse = z.infer<typeof LinkResponse>;

export const DomainListResponse = z.pipe(
  z.object({ domains: eachValid(Domain) }),
  z.transform((body) => body.domains),
);
export type DomainListResponse = z.infer<typeof DomainListResponse>;

/**
 * A link's click statistics (our service's `/stats`), read leniently: a missing or broken list is
 * empty, a broken entry is left out, counts as Count reads them.
 */
const listOf = <T>(item: z.ZodMiniType<T>) =>
  z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((items) =>
      items.flatMap((entry) => {
        const read = item.safeParse(entry);
        return read.success ? [read.data] : [];
      }),
    ),
  );
// No `kind` (an older service): a host, or direct without one; an unknown kind counts as other.
const StatsReferrer = z.pipe(
  z.object({
    host: z.catch(z.nullable(z.string()), null),
    kind: z.catch(z.optional(z.string()), undefined),
    clicks: Count,
  }),
  z.transform(({ host, kind, clicks }) => {
    const read =
      REFERRER_KINDS.find((known) => known === kind) ??
      (host !== null ? 'host' : kind === undefined ? 'direct' : 'other');
    return { host: read === 'host' ? host : null, kind: read, clicks };
  }),
);
const StatsDay = z.object({
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  humans: Count,
  bots: Count,
});
export const LinkStats = z.pipe(
  z.object({
    stats: z.object({
      days: listOf(StatsDay),
      referrers: listOf(StatsReferrer),
      devices: listOf(z.object({ type: z.string(), clicks: Count })),
      countries: listOf(z.object({ code: z.string(), clicks: Count })),
    }),
  }),
  z.transform(({ stats }) => stats),
);
export type LinkStats = z.infer<typeof LinkStats>;

export const DeleteResponse = z.object({ message: OptionalText });
export type DeleteResponse = z.infer<typeof DeleteResponse>;

/** What a form hands over to create a link; empty back-half and domain mean "not chosen". */
export const CreateLinkInput = z.object({
  destinationUrl: DestinationUrl,
  backHalf: z.optional(z.union([BackHalf, z.literal('')])),
  title: z.optional(Title),
  domain: z.optional(z.union([DomainHost, z.literal('')])),
  ...LifecycleInput,
  ...LinkTagsInput,
});
export type CreateLinkInput = z.infer<typeof CreateLinkInput>;

export const UpdateLinkInput = z.object({
  destinationUrl: z.optional(DestinationUrl),
  title: z.optional(Title),
  ...LifecycleInput,
  ...LinkTagsInput,
});
export type UpdateLinkInput = z.infer<typeof UpdateLinkInput>;

export function toCreateLinkBody(input: CreateLinkInput): CreateLinkBody {
  const body: CreateLinkBody = { destination_url: input.destinationUrl };
  if (input.backHalf) body.back_half = input.backHalf;
  if (input.title) body.title = input.title;
  if (input.domain) body.domain = input.domain;
  return Object.assign(body, lifecycleBody(input), tagsBody(input));
}

/** An empty title is sent: clearing a title is a change. */
export function toUpdateLinkBody(changes: UpdateLinkInput): UpdateLinkBody {
  const body: UpdateLinkBody = {};
  if (changes.destinationUrl !== undefined) body.destination_url = changes.destinationUrl;
  if (changes.title !== undefined) body.title = changes.title;
  return Object.assign(body, lifecycleBody(changes), tagsBody(changes));
}
