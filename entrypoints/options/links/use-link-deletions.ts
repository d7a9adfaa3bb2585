import { useCallback, useState } from 'react';
import type { Account } from '../../../lib/account/account.ts';
import type { FinishedDeletion } from '../../../lib/deletions/pending-deletions.ts';
import { formatNumber } from '../../../lib/i18n/format.ts';
import { plural, t } from '../../../lib/i18n/t.ts';
import { usePendingDeletions } from './use-pending-deletions.ts';

/** Deletions that failed, or could not be handed to the background: a sentence, and one line a link. */
export type DeletionNotice = { message: string; failed?: string[] };

/**
 * The Links section's deletions: handed to the background, which waits for their "Undo" time
 * (use-pending-deletions.ts); the links they delete dropped from the list once deleted; and a
 * notice of those that failed.
 */
export function useLinkDeletions(account: Account) {
  const [notice, setNotice] = useState<DeletionNotice>();

  const onDeletionFinished = useCallback(
    ({ shortUrls, failures }: FinishedDeletion) => {
      const failed = new Set(failures.map((failure) => failure.shortUrl));
      // The background changed the cache; the list shown follows at once.
      account.dropLinks(shortUrls.filter((shortUrl) => !failed.has(shortUrl)));
      if (failures.length === 0) return;
      setNotice({
        message:
          failures.length === 1 && shortUrls.length === 1
            ? t('linksNotDeletedOne', failures[0]?.shortUrl ?? '', failures[0]?.reason ?? '')
            : plural('linksNotDeletedSome', failures.length, formatNumber(shortUrls.length)),
        failed:
          shortUrls.length > 1
            ? failures.map((failure) => t('linksFailedLine', failure.shortUrl, failure.reason))
            : undefined,
      });
    },
    [account],
  );
  const deletions = usePendingDeletions(account.connection.id, onDeletionFinished);

  async function deleteLinks(shortUrls: string[]) {
    setNotice(undefined);
    try {
      await deletions.schedule(shortUrls);
    } catch {
      setNotice({
        message:
          shortUrls.length === 1
            ? t('linksBackgroundSilentOne', shortUrls[0] ?? '')
            : plural('linksBackgroundSilent', shortUrls.length),
      });
    }
  }

  return {
    /** The links waiting for their deletion, out of the list meanwhile. */
    hidden: deletions.hidden,
    statuses: deletions.statuses,
    undo: deletions.undo,
    notice,
    deleteLinks,
  };
}
