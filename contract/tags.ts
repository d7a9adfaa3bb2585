// The tags' and the bulk edit's bodies and answers, as both programs read them (a tag's own
// fields are in tag-fields.ts).
import * as z from 'zod/mini';
import { BULK_EDIT_MAX_LINKS } from './limits.ts';
import { LinkTagNames, TagColor, TagJson, TagName } from './tag-fields.ts';
import { ExpiresAt, MaxClicks } from './wire.ts';

/** A tag in `GET /v1/tags`, with how many links carry it. */
export const CountedTagJson = z.extend(TagJson, { links: z.number() });
export const TagListJson = z.object({ success: z.literal(true), tags: z.array(CountedTagJson) });
export type TagListJson = z.infer<typeof TagListJson>;
export const TagAnswerJson = z.extend(TagJson, { success: z.literal(true) });
export type TagAnswerJson = z.infer<typeof TagAnswerJson>;

export const CreateTagBody = z.strictObject({ name: TagName, color: z.optional(TagColor) });
export type CreateTagBody = z.infer<typeof CreateTagBody>;
/** At least one field; the service says so in its own words. */
export const UpdateTagBody = z.strictObject({
  name: z.optional(TagName),
  color: z.optional(TagColor),
});
export type UpdateTagBody = z.infer<typeof UpdateTagBody>;

const BULK_LINKS_RULE = `Name 1 to ${BULK_EDIT_MAX_LINKS} links, each as <host>/<back_half>.`;

/** A host as `replace_destination_host` names one: a host name, an IP address, with a port. */
const DestinationHost = z
  .string({ error: 'A host must be text.' })
  .check(
    z.trim(),
    z.regex(
      /^[^\s/?#@\\]+$/,
      'A host is a host name with its port where it has one (example.com, example.com:8080), without scheme or path.',
    ),
  );

/** `PATCH /v1/links`: changes to many links in one transaction. */
export const BulkEditBody = z.strictObject({
  links: z
    .array(z.string({ error: BULK_LINKS_RULE }), { error: BULK_LINKS_RULE })
    .check(z.minLength(1, BULK_LINKS_RULE), z.maxLength(BULK_EDIT_MAX_LINKS, BULK_LINKS_RULE)),
  add_tags: z.optional(LinkTagNames),
  remove_tags: z.optional(z.array(TagName, { error: 'The tags must be a list of names.' })),
  expires_at: z.optional(ExpiresAt),
  max_clicks: z.optional(MaxClicks),
  replace_destination_host: z.optional(
    z.strictObject({ from: DestinationHost, to: DestinationHost }),
  ),
  partial: z.optional(z.boolean({ error: 'The field "partial" is true or false.' })),
});
export type BulkEditBody = z.infer<typeof BulkEditBody>;

export const BULK_OUTCOMES = ['changed', 'unchanged', 'not_found', 'invalid'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

/**
 * The answer of a bulk edit, one entry per link named, in the order named. `applied`: whether
 * the changes were made. Without `partial`, one link not found or invalid changes nothing: the
 * others are then `unchanged`. `problem` says what is wrong with an `invalid` link.
 */
export const BulkEditAnswerJson = z.object({
  success: z.literal(true),
  applied: z.boolean(),
  changed: z.number(),
  links: z.array(
    z.object({
      link: z.string(),
      status: z.enum(BULK_OUTCOMES),
      problem: z.optional(z.string()),
    }),
  ),
});
export type BulkEditAnswerJson = z.infer<typeof BulkEditAnswerJson>;
