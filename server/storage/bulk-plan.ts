// What a bulk edit does to one link, decided the same way on both engines: each engine reads the
// links named (with their tags' keys) in its transaction, asks planBulkLink for each, and writes
// what the plan says.
import { DESTINATION_URL_MAX_LENGTH, MAX_TAGS_PER_LINK } from '../../contract/limits.ts';
import type { BulkEdit, LinkKey, TagName } from './storage.ts';

/** A link named by a bulk edit, as read for it. */
export type BulkLinkRead = LinkKey & {
  id: number;
  destinationUrl: string;
  tagKeys: readonly string[];
};

export type BulkLinkPlan =
  | { status: 'not_found' }
  | { status: 'invalid'; problem: string }
  | {
      status: 'changed';
      id: number;
      link: LinkKey;
      /** The new destination, where the host was replaced. */
      destinationUrl?: string;
      /** Whether the redirect changes (destination or end): the caches must hear of it. */
      redirectChanged: boolean;
    };

type ChangedPlan = Extract<BulkLinkPlan, { status: 'changed' }>;

export function planBulkLink(link: BulkLinkRead | undefined, edit: BulkEdit): BulkLinkPlan {
  if (!link) return { status: 'not_found' };
  const keys = new Set(link.tagKeys);
  for (const tag of edit.addTags) keys.add(tag.key);
  for (const key of edit.removeTags) keys.delete(key);
  if (keys.size > MAX_TAGS_PER_LINK) {
    return {
      status: 'invalid',
      problem: `It would have ${keys.size} tags: a link has at most ${MAX_TAGS_PER_LINK}.`,
    };
  }
  let destinationUrl: string | undefined;
  if (edit.replaceHost) {
    const url = new URL(link.destinationUrl);
    if (url.host === edit.replaceHost.from) {
      url.host = edit.replaceHost.to;
      if (url.href.length > DESTINATION_URL_MAX_LENGTH) {
        return {
          status: 'invalid',
          problem: `Its destination on ${edit.replaceHost.to} would be over ${DESTINATION_URL_MAX_LENGTH} characters.`,
        };
      }
      destinationUrl = url.href;
    }
  }
  return {
    status: 'changed',
    id: link.id,
    link: { domain: link.domain, backHalf: link.backHalf },
    ...(destinationUrl === undefined ? {} : { destinationUrl }),
    redirectChanged:
      destinationUrl !== undefined || edit.expiresAt !== undefined || edit.maxClicks !== undefined,
  };
}

/**
 * The plans of every link named, and whether to write them: all valid, or `partial`. Without
 * `partial`, the valid links of a refused edit are answered `unchanged`.
 */
export function planBulkEdit(
  named: readonly LinkKey[],
  found: ReadonlyMap<string, BulkLinkRead>,
  edit: BulkEdit,
  partial: boolean,
) {
  const plans = named.map((link) => planBulkLink(found.get(linkKeyText(link)), edit));
  const applied = partial || plans.every((plan) => plan.status === 'changed');
  const answers = plans.map((plan) =>
    plan.status === 'invalid'
      ? { status: plan.status, problem: plan.problem }
      : { status: plan.status === 'changed' && !applied ? ('unchanged' as const) : plan.status },
  );
  const toWrite: ChangedPlan[] = [];
  if (applied) for (const plan of plans) if (plan.status === 'changed') toWrite.push(plan);
  return { applied, answers, toWrite };
}

/** A link's key as text, for maps: the domain and back-half cannot hold a `/`. */
export const linkKeyText = (link: LinkKey) => `${link.domain}/${link.backHalf}`;

/** Tags by key, the first name given for each key kept (`New` and `new` make one tag, `New`). */
export function distinctTags(tags: readonly TagName[]): TagName[] {
  const byKey = new Map<string, TagName>();
  for (const tag of tags) if (!byKey.has(tag.key)) byKey.set(tag.key, tag);
  return [...byKey.values()];
}
