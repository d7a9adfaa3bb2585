// A tag as a link carries it: its name, colour and the key names are compared by. Apart from
// tags.ts (the tags' and bulk edit's bodies), so that wire.ts can take the link's `tags` from here.
import * as z from 'zod/mini';
import { MAX_TAGS_PER_LINK, TAG_COLORS, TAG_NAME_MAX_LENGTH } from './limits.ts';

/**
 * The key a tag's name is unique by in its account: the name in NFC, upper-cased and then
 * lower-cased (Unicode's default case mappings, the same in every locale). Going through upper
 * case folds what lower case alone keeps apart, as Unicode's full case folding does: `Straße`,
 * `STRASSE` and `strasse` are one name, and so are `ΟΔΌΣ` and `οδός` (final sigma).
 */
export const tagKey = (name: string) => name.normalize('NFC').toUpperCase().toLowerCase();

/** As wire.ts's control characters (wire.ts imports this module, so not from there). */
const CONTROL_CHARACTER = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029';

/**
 * A tag's name, trimmed: 1 to TAG_NAME_MAX_LENGTH characters of any script, no control
 * characters, and no `,` or `|`, which separate the tags of a link in a CSV file's `tags` column.
 */
export const TagName = z.string({ error: 'A tag name must be text.' }).check(
  z.trim(),
  z.minLength(1, 'A tag name must not be empty.'),
  z.refine((name) => name.isWellFormed(), {
    error: 'A tag name contains a broken character (half of a surrogate pair); type it again.',
  }),
  z.regex(
    new RegExp(`^[^${CONTROL_CHARACTER}]*$`),
    'A tag name must not contain line breaks or control characters.',
  ),
  z.refine((name) => [...name].length <= TAG_NAME_MAX_LENGTH, {
    error: `A tag name is too long: at most ${TAG_NAME_MAX_LENGTH} characters.`,
  }),
  z.regex(
    /^[^,|]*$/,
    'A tag name must not contain a comma or a vertical bar (|): they separate tags in a CSV file.',
  ),
);

export const TagColor = z.enum(TAG_COLORS, {
  error: `A tag's colour is one of ${TAG_COLORS.join(', ')}.`,
});

/** The tags of a link as create and update take them: names, made when the account lacks them. */
export const LinkTagNames = z
  .array(TagName, { error: 'The tags must be a list of names.' })
  .check(z.maxLength(MAX_TAGS_PER_LINK, `A link has at most ${MAX_TAGS_PER_LINK} tags.`));

export const TagJson = z.object({ id: z.number(), name: z.string(), color: z.enum(TAG_COLORS) });
export type TagJson = z.infer<typeof TagJson>;
