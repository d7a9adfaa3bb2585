import '../sections.css';
import { useEffect } from 'react';
import { useChosenAccount } from '../../../components/account/AccountSelect.tsx';
import { useAccount } from '../../../components/account/use-account.ts';
import { useAccountData } from '../../../components/account/use-account-data.ts';
import { useStoredUnlessEdited } from '../../../components/account/use-stored-unless-edited.ts';
import { Message } from '../../../components/ui/Message.tsx';
import { t } from '../../../lib/i18n/t.ts';
import { defaultShortHost } from '../../../lib/links/short-link-of-account.ts';
import { isConfigured } from '../../../lib/settings/account-choice.ts';
import type { AccountSettings, Settings } from '../../../lib/settings/settings.ts';
import { describeApiError, isWorthRetrying } from '../../../lib/wording/error-text.ts';
import { ACCOUNTS_SECTION } from '../accounts/AccountsSection.tsx';
import { SaveStatus } from '../SaveStatus.tsx';
import { useSaveStatus } from '../use-save-status.ts';
import { domainChoices, formatAddedDate, saveDefaultDomain } from './domain-choices.ts';

function RefreshError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { message, advice } = describeApiError(error, ACCOUNTS_SECTION);
  const retryable = isWorthRetrying(error);
  return (
    <div className="notice error" role="alert">
      <p>{t('domainsRefreshFailed', message)}</p>
      {advice && <p>{advice}</p>}
      {retryable && (
        <button type="button" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

export function DomainsSection({ settings }: { settings: Settings }) {
  const { chosen, accountSelect } = useChosenAccount(settings, 'domains-account');
  return <AccountDomains key={chosen.id} chosen={chosen} accountSelect={accountSelect} />;
}

function AccountDomains({
  chosen: settings,
  accountSelect,
}: {
  chosen: AccountSettings;
  accountSelect: React.ReactNode;
}) {
  const account = useAccount(isConfigured(settings) ? settings : undefined);
  const { value: domains, loading: refreshing, error } = useAccountData(account).domains;
  useEffect(() => {
    void account?.loadDomains();
  }, [account]);
  const retry = () => void account?.refreshDomains().catch(() => {});
  const [status, save] = useSaveStatus();
  // The click shows at once; the stored value follows through the settings watcher.
  const [{ defaultDomain: chosen }, setChosen] = useStoredUnlessEdited({
    defaultDomain: settings.defaultDomain,
  });

  function choose(domain: string) {
    setChosen({ defaultDomain: domain });
    void save(() => saveDefaultDomain(settings.id, domain));
  }

  const heading = (
    <h2 id="domains-heading">
      {t('sectionDomains')}
      {refreshing && domains && (
        <span className="heading-note" aria-hidden="true">
          {t('refreshing')}
        </span>
      )}
    </h2>
  );

  if (!isConfigured(settings)) {
    return (
      <section className="options-section" aria-labelledby="domains-heading">
        {heading}
        {accountSelect}
        <p>
          <Message
            id="domainsNotConnected"
            values={[
              <a key="accounts" href="#accounts">
                {t('sectionAccounts')}
              </a>,
            ]}
          />
        </p>
      </section>
    );
  }

  const customHosts = (domains ?? []).map((domain) => domain.domain);
  const choices = domainChoices(
    domains ?? [],
    chosen,
    defaultShortHost(settings.apiBaseUrl, [], customHosts),
  );
  const customCount = choices.filter((choice) => choice.value !== '' && !choice.missing).length;

  return (
    <section
      className="options-section"
      aria-labelledby="domains-heading"
      aria-busy={refreshing && !domains}
    >
      {heading}
      {accountSelect}
      {error !== undefined && <RefreshError error={error} onRetry={retry} />}
      {!domains && refreshing && <p className="hint lead">{t('domainsLoading')}</p>}
      {domains && customCount === 0 && <p className="hint lead">{t('domainsNoCustom')}</p>}
      <fieldset className="choices domain-choices">
        <legend>{t('defaultDomainLegend')}</legend>
        {choices.map((choice, index) => {
          const id = `domain-choice-${index}`;
          const added = formatAddedDate(choice.createdAt);
          const note = choice.missing
            ? t('domainMissing')
            : choice.value === ''
              ? t('domainServiceDefault')
              : added && t('domainAdded', added);
          return (
            <div key={choice.value} className={`choice ${choice.missing ? 'missing' : ''}`}>
              <input
                type="radio"
                id={id}
                name="default-domain"
                value={choice.value}
                checked={chosen === choice.value}
                onChange={() => choose(choice.value)}
                aria-describedby={note ? `${id}-note` : undefined}
              />
              <label htmlFor={id}>
                <bdi dir="ltr">{choice.label}</bdi>
              </label>
              {note && (
                <span id={`${id}-note`} className="choice-note">
                  {note}
                </span>
              )}
            </div>
          );
        })}
      </fieldset>
      <p className="hint">{t('defaultDomainHint')}</p>
      <SaveStatus status={status} />
    </section>
  );
}
