// What a person types as a destination, made into the address the service expects, as a browser's
// address bar would: `example.com/foo` means https://example.com/foo.
import type * as z from 'zod/mini';
import { DestinationUrl } from '../../contract/wire.ts';

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A host name with a dot (or localhost), an optional port, then the end or a path/query/fragment. */
const LOOKS_LIKE_HOST =
  /^(?:localhost|\[[0-9a-f:]+\]|[^\s/?#:@.]+(?:\.[^\s/?#:@.]+)+)(?::\d{1,5})?(?:[/?#]|$)/iu;

/** The typed address with `https://` added when it starts with a bare host; else as typed (trimmed). */
export function fixUpDestination(typed: string): string {
  const trimmed = typed.trim();
  if (HAS_SCHEME.test(trimmed) || !LOOKS_LIKE_HOST.test(trimmed)) return trimmed;
  // "//example.com" was never typed: the regex wants the host first.
  return `https://${trimmed}`;
}

/**
 * What is wrong with a typed destination: text that could not be an address at all, or the
 * contract's first issue with the address it was made into (lib/wording/field-problems.ts words it).
 */
export type DestinationProblem =
  | { code: 'notAnAddress' }
  | { code: 'refused'; values: { issue: z.core.$ZodIssue } };

/**
 * The address to shorten, or what is wrong with it. Text that could not be an address at all is
 * told so, rather than which rule of an address it breaks.
 */
export function parseDestination(typed: string): { url: string } | { problem: DestinationProblem } {
  const fixed = fixUpDestination(typed);
  const parsed = DestinationUrl.safeParse(fixed);
  if (parsed.success) return { url: parsed.data };
  const issue = parsed.error.issues[0];
  if ((fixed !== '' && !HAS_SCHEME.test(fixed)) || !issue) {
    return { problem: { code: 'notAnAddress' } };
  }
  return { problem: { code: 'refused', values: { issue } } };
}
