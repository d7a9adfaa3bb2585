// An account's writes, each kept in step with the links shown and the cache: a created link is
// added, an edit shown at once and undone if the service refuses it, deleted links taken away at
// once and put back when the service did not delete them.
import type { CallOptions } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import { pickHealth } from '../api/link-health.ts';
import { hasLifecycle, readLifecycle, withoutUnoffered } from '../api/link-lifecycle.ts';
import { hasTags, withoutUnofferedTags } from '../api/link-tag-names.ts';
import type { CreateLinkInput, Link, UpdateLinkInput } from '../api/schemas.ts';
import type { ChangeLinks } from './account-links.ts';
import type { AccountOffer } from './account-offer.ts';
import type { AccountState } from './account-state.ts';
import { readCachedLinks } from './cache.ts';
import { addLink, removeLinks, replaceLink, restoreLinks } from './link-changes.ts';

export type DeleteFailure = { shortUrl: string; error: unknown };

export type AccountWrites = {
  /** Creates a link and adds it to the list and the cache. */
  createLink(input: CreateLinkInput, options?: CallOptions): Promise<Link>;
  /** Shows the change at once, saves it, and puts the link back as it was if the service refuses. */
  updateLink(link: Link, changes: UpdateLinkInput): Promise<Link>;
  /** Removes the links at once, deletes them, and puts back those the service did not delete. */
  deleteLinks(shortUrls: readonly string[]): Promise<DeleteFailure[]>;
  /** Keeps what the service just said of a link (a check's answer) in the list and the cache. */
  mergeIntoLink(shortUrl: string, fields: Partial<Link>): Promise<void>;
};

/** The lifecycle fields a saved link carries (none from a service that answers without them). */
const pickLifecycle = ({ expiresAt, maxClicks, expiredUrl, passwordProtected }: Link) => ({
  ...readLifecycle({ expires_at: expiresAt, max_clicks: maxClicks, expired_url: expiredUrl }),
  ...(passwordProtected !== undefined && { passwordProtected }),
});

/** The link as an edit shows it while it is sent: the password itself is never kept. */
function shownWhileSent(link: Link, { password, ...changes }: Omit<UpdateLinkInput, 'tags'>): Link {
  const shown: Link = { ...link, ...changes };
  if (password !== undefined) shown.passwordProtected = password !== null;
  return shown;
}

const isNotFound = (error: unknown) => isApiError(error) && error.kind === 'not_found';

export function createWriteThrough(
  state: AccountState,
  changeLinks: ChangeLinks,
  { serviceOffer }: AccountOffer,
): AccountWrites {
  // A field the service's contract does not take is never sent. Only an input with such fields
  // waits for the offer: a plain edit is shown at once, as before.
  const offered = async <T extends CreateLinkInput | UpdateLinkInput>(
    input: T,
    body: 'create' | 'update',
  ): Promise<T> => {
    const accepted = (await serviceOffer()).linkFields[body];
    return withoutUnofferedTags(withoutUnoffered(input, accepted), accepted);
  };
  const needsOffer = (input: CreateLinkInput | UpdateLinkInput) =>
    hasLifecycle(input) || hasTags(input);

  // A link's edits reach the service one after another, in the order they were made: the service
  // keeps the last one it gets, so two quick "Extend 7 days" must not land second one first.
  const editsInFlight = new Map<string, Promise<unknown>>();
  function inTurn<T>(shortUrl: string, save: (isLast: () => boolean) => Promise<T>): Promise<T> {
    const isLast = () => editsInFlight.get(shortUrl) === settled;
    const mine = (editsInFlight.get(shortUrl) ?? Promise.resolve()).then(() => save(isLast));
    const settled = mine.catch(() => {});
    editsInFlight.set(shortUrl, settled);
    void settled.then(() => {
      if (isLast()) editsInFlight.delete(shortUrl);
    });
    return mine;
  }

  return {
    async createLink(input, { signal } = {}) {
      const sent = needsOffer(input) ? await offered(input, 'create') : input;
      const link = await (await state.client()).createLink(sent, { signal });
      await changeLinks((links) => addLink(links, link));
      return link;
    },

    async updateLink(link, changes) {
      const sent = needsOffer(changes) ? await offered(changes, 'update') : changes;
      // Tags are sent as names; the link shows the tags its answer carries.
      const { tags: _names, ...shownChanges } = sent;
      const edited = shownWhileSent(link, shownChanges);
      void changeLinks((links) => replaceLink(links, link.shortUrl, edited));
      // While a later edit of the link waits its turn, the list keeps showing that one.
      return inTurn(link.shortUrl, async (isLast) => {
        try {
          const saved = await (await state.client()).updateLink(link.shortUrl, sent);
          // Clicks and the creation date are not the edit's business: the list keeps its own.
          const result: Link = {
            ...link,
            destinationUrl: saved.destinationUrl,
            title: saved.title,
            ...pickLifecycle(saved),
            // A new destination is checked anew: the service answers its health as it now stands.
            ...pickHealth(saved),
            // The tags as the service now has them (an edit's names, made into tags).
            ...(saved.tags !== undefined && { tags: saved.tags }),
          };
          if (isLast()) await changeLinks((links) => replaceLink(links, link.shortUrl, result));
          return result;
        } catch (error) {
          if (isLast()) await changeLinks((links) => replaceLink(links, link.shortUrl, link));
          throw error;
        }
      });
    },

    async deleteLinks(shortUrls) {
      // The list to put failures back into: the one shown, else the cached one (the popup's case).
      const { links: shownList } = state.getSnapshot();
      const shown = shownList.partOf === undefined ? shownList.value : undefined;
      const before = shown ?? (await readCachedLinks(state.connection))?.value ?? [];
      const gone = new Set(shortUrls);
      void changeLinks((links) => removeLinks(links, gone));
      const api = await state.client();
      const results = await Promise.allSettled(shortUrls.map((url) => api.deleteLink(url)));
      const failures: DeleteFailure[] = [];
      results.forEach((result, index) => {
        const shortUrl = shortUrls[index] as string;
        // Already gone on the service is what the person wanted.
        if (result.status === 'rejected' && !isNotFound(result.reason)) {
          failures.push({ shortUrl, error: result.reason });
        }
      });
      if (failures.length > 0) {
        const back = new Set(failures.map((failure) => failure.shortUrl));
        await changeLinks((links) => restoreLinks(links, before, back));
      }
      return failures;
    },

    async mergeIntoLink(shortUrl, fields) {
      await changeLinks((links) =>
        links.map((link) => (link.shortUrl === shortUrl ? { ...link, ...fields } : link)),
      );
    },
  };
}
