// A create whose answer was lost (the connection dropped, the request timed out) may have made its
// link all the same: the request may have reached the service, and Chromium even sends it a second
// time by itself. So a create is never sent again blindly: the link is looked for first, among the
// account's links listed afresh. The bulk pool (pool.ts) tries such a task again looking first; the
// import (lib/import/import-links.ts) and "a link for this page" (lib/page-link/link-for-page.ts,
// which "Shorten all tabs" retries with `reuse` on) look through findOrCreate.
import { isApiError } from '../api/errors.ts';
import { errorTextOf } from '../wording/error-text.ts';

/** Whether a failed create may have made the link all the same: its answer, not its request, failed. */
export function mayHaveBeenMade(error: unknown): boolean {
  return !isApiError(error) || errorTextOf(error).mayHaveActed;
}

/**
 * The link looked for first when `lookFirst` (an attempt before may have made it, or the person
 * wants an existing link reused), and made only when none is found. A failed lookup is no answer:
 * the link is made.
 */
export async function findOrCreate<T>(
  lookFirst: boolean,
  lookUp: () => Promise<T | undefined>,
  create: () => Promise<T>,
): Promise<{ value: T; found: boolean }> {
  if (lookFirst) {
    const found = await lookUp().catch(() => undefined);
    if (found !== undefined) return { value: found, found: true };
  }
  return { value: await create(), found: false };
}
