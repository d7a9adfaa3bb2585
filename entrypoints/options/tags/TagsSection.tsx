// The options page's "Tags": the chosen account's tags with their colours and how many links
// carry each; rename, recolour and delete. Only for a service that offers tags.
import '../sections.css';
import '../../../components/ui/tag-chip.css';
import './tags-section.css';
import { type ReactNode, useEffect, useState } from 'react';
import { useChosenAccount } from '../../../components/account/AccountSelect.tsx';
import { useAccount } from '../../../components/account/use-account.ts';
import { Message } from '../../../components/ui/Message.tsx';
import type { Account } from '../../../lib/account/account.ts';
import { offersOperation } from '../../../lib/api/service-offer.ts';
import { t } from '../../../lib/i18n/t.ts';
import { isConfigured } from '../../../lib/settings/account-choice.ts';
import type { AccountSettings, Settings } from '../../../lib/settings/settings.ts';
import type { AccountTag } from '../../../lib/tags/tags-api.ts';
import { readCachedTags, refreshTags, writeCachedTags } from '../../../lib/tags/tags-cache.ts';
import { describeApiError } from '../../../lib/wording/error-text.ts';
import { ACCOUNTS_SECTION } from '../accounts/AccountsSection.tsx';
import { TagRow } from './TagRow.tsx';

export function TagsSection({ settings }: { settings: Settings }) {
  const { chosen, accountSelect } = useChosenAccount(settings, 'tags-account');
  return <AccountTags key={chosen.id} chosen={chosen} accountSelect={accountSelect} />;
}

type TagsState =
  | { status: 'loading'; tags?: AccountTag[] }
  | { status: 'ready'; tags: AccountTag[] }
  | { status: 'failed'; error: unknown; tags?: AccountTag[] }
  | { status: 'not-offered' };

/** The account's tags: the cached list at once, then the service's. */
function useTags(account: Account | undefined) {
  const [state, setState] = useState<TagsState>({ status: 'loading' });
  useEffect(() => {
    if (!account) return;
    let live = true;
    void (async () => {
      const cached = await readCachedTags(account.connection).catch(() => undefined);
      if (live && cached)
        setState((now) => (now.status === 'loading' ? { ...now, tags: cached } : now));
      const offer = await account.serviceOffer().catch(() => undefined);
      if (!live) return;
      if (offer && !offersOperation(offer, 'listTags')) return setState({ status: 'not-offered' });
      try {
        const tags = await refreshTags(account);
        if (live) setState({ status: 'ready', tags });
      } catch (error) {
        if (live) setState({ status: 'failed', error, tags: cached });
      }
    })();
    return () => {
      live = false;
    };
  }, [account]);

  /** Shows and stores the list after a change the service has made. */
  const change = (next: (tags: AccountTag[]) => AccountTag[]) =>
    setState((now) => {
      if (!('tags' in now) || !now.tags || !account) return now;
      const tags = next(now.tags);
      void writeCachedTags(account.connection, tags).catch(() => {});
      return { status: 'ready', tags };
    });
  return { state, change };
}

function AccountTags({
  chosen,
  accountSelect,
}: {
  chosen: AccountSettings;
  accountSelect: ReactNode;
}) {
  const account = useAccount(isConfigured(chosen) ? chosen : undefined);
  const { state, change } = useTags(account);
  const heading = <h2 id="tags-heading">{t('sectionTags')}</h2>;
  const section = (children: ReactNode) => (
    <section className="options-section" aria-labelledby="tags-heading">
      {heading}
      {accountSelect}
      {children}
    </section>
  );

  if (!account) {
    return section(
      <p>
        <Message
          id="tagsNotConnected"
          values={[
            <a key="accounts" href="#accounts">
              {t('sectionAccounts')}
            </a>,
          ]}
        />
      </p>,
    );
  }
  if (state.status === 'not-offered')
    return section(<p className="hint lead">{t('tagsNotOffered')}</p>);
  const { tags } = state;
  const failure = state.status === 'failed' && describeApiError(state.error, ACCOUNTS_SECTION);

  return section(
    <>
      {failure && (
        <div className="notice error" role="alert">
          <p>{t('tagsLoadFailed', failure.message)}</p>
          {failure.advice && <p>{failure.advice}</p>}
        </div>
      )}
      {!tags && state.status === 'loading' && <p className="hint lead">{t('tagsLoading')}</p>}
      {tags && tags.length === 0 && <p className="hint lead">{t('tagsNone')}</p>}
      {tags && tags.length > 0 && (
        <table className="tags-table">
          <thead>
            <tr>
              <th scope="col">{t('tagsColumnTag')}</th>
              <th scope="col">{t('tagsColumnColor')}</th>
              <th scope="col" className="tags-count">
                {t('tagsColumnLinks')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('tagsColumnActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tags.map((tag) => (
              <TagRow
                key={tag.id}
                tag={tag}
                account={account}
                onChanged={(changed) =>
                  change((all) =>
                    all.map((each) => (each.id === tag.id ? { ...each, ...changed } : each)),
                  )
                }
                onDeleted={() => change((all) => all.filter((each) => each.id !== tag.id))}
              />
            ))}
          </tbody>
        </table>
      )}
    </>,
  );
}
