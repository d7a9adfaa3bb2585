// One change to many links (issue 36): `PATCH /v1/links`, where the account's service offers it
// (service-offer.ts, `editLinks`). The selection goes in batches of BULK_EDIT_MAX_LINKS, one after
// the other; each batch is all or nothing (no `partial`): a link of it that is gone or cannot take
// the change leaves the whole batch unchanged, and the batches after it are not sent.
import { BULK_EDIT_MAX_LINKS } from '../../contract/limits.ts';
import { BulkEditAnswerJson, type BulkOutcome } from '../../contract/tags.ts';
import type { ApiClient, CallOptions } from '../api/client.ts';
import { linkPath } from '../api/link-path.ts';

/** What a bulk edit changes: tag names added or taken off, or when the links end (null: never). */
export type BulkChanges = {
  addTags?: readonly string[];
  removeTags?: readonly string[];
  expiresAt?: string | null;
};

/** A link the service would not change, and why: gone (not_found) or refused (invalid). */
export type BulkProblem = { shortUrl: string; status: BulkOutcome; problem?: string };

/** The service refused a batch because of some of its links: nothing of that batch changed. */
export class BulkEditRefused extends Error {
  override readonly name = 'BulkEditRefused';
  readonly problems: BulkProblem[];
  constructor(problems: BulkProblem[]) {
    super(
      `Nothing was changed: ${problems[0]?.shortUrl} is ${problems[0]?.status === 'not_found' ? 'not found' : `refused (${problems[0]?.problem ?? 'invalid'})`}.`,
    );
    this.problems = problems;
  }
}

export type BulkEditOutcome = {
  /** The links the service changed (ours counts those already as asked too). */
  changed: string[];
  /** The links sent that were already as asked. */
  unchanged: string[];
  /** Why the rest was not done: a BulkEditRefused or the call's own error. */
  failure?: { error: unknown; notDone: string[] };
};

/** The body's fields as the wire names them. */
function bodyOf(changes: BulkChanges) {
  const body: Record<string, unknown> = {};
  if (changes.addTags) body.add_tags = changes.addTags;
  if (changes.removeTags) body.remove_tags = changes.removeTags;
  if (changes.expiresAt !== undefined) body.expires_at = changes.expiresAt;
  return body;
}

/** Changes the links (by short URL), a batch at a time; stops at the first batch refused. */
export async function editLinks(
  client: Pick<ApiClient, 'call'>,
  shortUrls: readonly string[],
  changes: BulkChanges,
  { signal }: CallOptions = {},
): Promise<BulkEditOutcome> {
  const outcome: BulkEditOutcome = { changed: [], unchanged: [] };
  const fields = bodyOf(changes);
  for (let at = 0; at < shortUrls.length; at += BULK_EDIT_MAX_LINKS) {
    const batch = shortUrls.slice(at, at + BULK_EDIT_MAX_LINKS);
    try {
      const answer = await client.call('patch', 'v1/links', BulkEditAnswerJson, {
        json: { links: batch.map(linkPath), ...fields },
        signal,
      });
      const statuses = answer.links.map((entry, index) => ({
        shortUrl: batch[index] as string,
        ...entry,
      }));
      if (!answer.applied) {
        const problems = statuses
          .filter(({ status }) => status === 'not_found' || status === 'invalid')
          .map(({ shortUrl, status, problem }) => ({ shortUrl, status, problem }));
        throw new BulkEditRefused(problems);
      }
      for (const { shortUrl, status } of statuses) {
        (status === 'changed' ? outcome.changed : outcome.unchanged).push(shortUrl);
      }
    } catch (error) {
      outcome.failure = { error, notDone: shortUrls.slice(at) };
      return outcome;
    }
  }
  return outcome;
}
