// Whether any account of the settings has a service that offers tags: the options navigation
// shows "Tags" only then. Each account's offer is the one it knows (cached for a day beside its
// domains), read once per page.
import { useEffect, useState } from 'react';
import { openAccount } from '../../../lib/account/account.ts';
import { offersOperation } from '../../../lib/api/service-offer.ts';
import { isConfigured } from '../../../lib/settings/account-choice.ts';
import type { Settings } from '../../../lib/settings/settings.ts';

export function useTagsOffered(settings: Settings | undefined): boolean {
  const [offered, setOffered] = useState(false);
  const accounts = settings?.accounts.filter(isConfigured) ?? [];
  const connections = JSON.stringify(accounts.map(({ id, apiBaseUrl }) => [id, apiBaseUrl]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when the accounts change.
  useEffect(() => {
    let live = true;
    void Promise.all(
      accounts.map((account) =>
        openAccount(account)
          .serviceOffer()
          .then((offer) => offersOperation(offer, 'listTags'))
          .catch(() => false),
      ),
    ).then((each) => live && setOffered(each.some(Boolean)));
    return () => {
      live = false;
    };
  }, [connections]);
  return offered;
}
