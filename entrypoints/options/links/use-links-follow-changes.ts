import { useEffect } from 'react';
import type { Account } from '../../../lib/account/account.ts';
import { watchLinksCacheChangesElsewhere } from '../../../lib/account/cache-changes.ts';

/** How old the list may be when the page comes back into view before the service is asked again. */
export const REFRESH_ON_RETURN_AFTER_MS = 60_000;

/**
 * The list shown follows the account's links as they change elsewhere: links made or deleted in
 * the popup, the menu or the background (their cache writes), and, when the page comes back into
 * view after a while, those changed on the service by anything else.
 */
export function useLinksFollowChanges(account: Account): void {
  useEffect(
    () =>
      watchLinksCacheChangesElsewhere(
        account.connection.id,
        () => void account.reloadCachedLinks(),
      ),
    [account],
  );
  useEffect(() => {
    function onVisibilityChange() {
      if (document.visibilityState !== 'visible') return;
      const { fetchedAt, loading } = account.getSnapshot().links;
      if (
        loading ||
        (fetchedAt !== undefined && Date.now() - fetchedAt < REFRESH_ON_RETURN_AFTER_MS)
      ) {
        return;
      }
      void account.refreshLinks().catch(() => {});
    }
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [account]);
}
