// What the service sends, read leniently (unknown fields ignored, both date forms, missing extras
// defaulted), and what the extension sends, in camelCase until it goes on the wire.
import * as z from 'zod/mini';
import { BackHalf, DestinationUrl, DomainHost, Title } from '../contract.ts';

const IsoWithOffset = z.iso.datetime({ offset: true });
const IsoWithoutZone = z.iso.datetime({ local: true });

/** Any ISO 8601 date-time, as `toISOString()` (UTC, milliseconds, `Z`) so strings sort; else "". */
export function normalizeTimestamp(value: unknown): string {
  if (typeof value !== 'string') return '';
  const text = value.trim();
  let time = Number.NaN;
  if (IsoWithOffset.safeParse(text).success) time = Date.parse(text);
  // The interface says UTC, so a date-time without a zone is read as UTC, not as local time.
  else if (IsoWithoutZone.safeParse(text).success) time = Date.parse(`${text}Z`);
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

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

export const Link = z.pipe(
  z.object({
    short_url: z.string().check(z.minLength(1)),
    destination_url: z.string(),
    clicks: Count,
    created_at: Timestamp,
    title: OptionalText,
  }),
  z.transform((wire) => ({
    shortUrl: wire.short_url,
    destinationUrl: wire.destination_url,
    clicks: wire.clicks,
    createdAt: wire.created_at,
    title: wire.title,
  })),
);
export type Link = z.infer<typeof Link>;

export const Domain = z.pipe(
  z.object({
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
function eachValid<T>(entry: z.ZodMiniType<T>) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((entries) =>
      entries.flatMap((value) => {
        const result = entry.safeParse(value);
        return result.success ? [result.data] : [];
      }),
    ),
  );
}

/** Create, retrieve and update answer with the link's fields at the top level. */
export const LinkResponse = Link;
export type LinkResponse = z.infer<typeof LinkResponse>;

export const LinkListResponse = z.pipe(
  z.object({ links: eachValid(Link) }),
  z.transform((body) => body.links),
);
export type LinkListResponse = z.infer<typeof LinkListResponse>;

export const DomainListResponse = z.pipe(
  z.object({ domains: eachValid(Domain) }),
  z.transform((body) => body.domains),
);
export type DomainListResponse = z.infer<typeof DomainListResponse>;

export const DeleteResponse = z.object({ message: OptionalText });
export type DeleteResponse = z.infer<typeof DeleteResponse>;

/** What a form hands over to create a link; empty back-half and domain mean "not chosen". */
export const CreateLinkInput = z.object({
  destinationUrl: DestinationUrl,
  backHalf: z.optional(z.union([BackHalf, z.literal('')])),
  title: z.optional(Title),
  domain: z.optional(z.union([DomainHost, z.literal('')])),
});
export type CreateLinkInput = z.infer<typeof CreateLinkInput>;

export const UpdateLinkInput = z.object({
  destinationUrl: z.optional(DestinationUrl),
  title: z.optional(Title),
});
export type UpdateLinkInput = z.infer<typeof UpdateLinkInput>;

export type CreateLinkBody = {
  destination_url: string;
  back_half?: string;
  title?: string;
  domain?: string;
};

export type UpdateLinkBody = { destination_url?: string; title?: string };

export function toCreateLinkBody(input: CreateLinkInput): CreateLinkBody {
  const body: CreateLinkBody = { destination_url: input.destinationUrl };
  if (input.backHalf) body.back_half = input.backHalf;
  if (input.title) body.title = input.title;
  if (input.domain) body.domain = input.domain;
  return body;
}

/** An empty title is sent: clearing a title is a change. */
export function toUpdateLinkBody(changes: UpdateLinkInput): UpdateLinkBody {
  const body: UpdateLinkBody = {};
  if (changes.destinationUrl !== undefined) body.destination_url = changes.destinationUrl;
  if (changes.title !== undefined) body.title = changes.title;
  return body;
}
