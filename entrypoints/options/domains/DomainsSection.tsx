import '../sections.css';
import { useEffect } from 'react';
import { useChosenAccount } from '../../../components/AccountSelect.tsx';
import { useAccount } from '../../../components/use-account.ts';
import { useAccountData } from '../../../components/use-account-data.ts';
import { useStoredUnlessEdited } from '../../../components/use-stored-unless-edited.ts';
import { isConfigured } from '../../../lib/account/account-choice.ts';
import type { AccountSettings, Settings } from '../../../lib/account/settings.ts';
import { describeApiError, isWorthRetrying } from '../../../lib/error-text.ts';
import { defaultShortHost } from '../../../lib/links/short-link-of-account.ts';
import { ACCOUNTS_SECTION } from '../accounts/AccountsSection.tsx';
import { SaveStatus } from '../SaveStatus.tsx';
import { useSaveStatus } from '../use-save-status.ts';
import { domainChoices, formatAddedDate, saveDefaultDomain } from './domain-choices.ts';

function RefreshError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { message, advice } = describeApiError(error, ACCOUNTS_SECTION);
  const retryable = isWorthRetrying(error);
  return (
    <div className="notice error" role="alert">
      <p>The list of domains could not be refreshed: {message}</p>
      {advice && <p>{advice}</p>}
      {retryable && (
        <button type="button" onClick={onRetry}>
          Retry
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
      Domains
      {refreshing && domains && (
        <span className="heading-note" aria-hidden="true">
          Refreshing…
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
          Your custom domains show here once the account is connected: enter its API key in the{' '}
          <a href="#accounts">Accounts</a> section and choose Save.
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
      {!domains && refreshing && <p className="hint lead">Loading the account's domains…</p>}
      {domains && customCount === 0 && (
        <p className="hint lead">
          The account has no custom domains: new links use the service's default short domain.
        </p>
      )}
      <fieldset className="choices domain-choices">
        <legend>Default domain for new links</legend>
        {choices.map((choice, index) => {
          const id = `domain-choice-${index}`;
          const added = formatAddedDate(choice.createdAt);
          const note = choice.missing
            ? 'No longer on the account: new links would fail. Choose another domain.'
            : choice.value === ''
              ? "The service's own short domain."
              : added && `Added ${added}`;
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
              <label htmlFor={id}>{choice.label}</label>
              {note && (
                <span id={`${id}-note`} className="choice-note">
                  {note}
                </span>
              )}
            </div>
          );
        })}
      </fieldset>
      <p className="hint">
        The context menu and the keyboard shortcut use this domain. The popup starts on it, then on
        the last domain you used there.
      </p>
      <SaveStatus status={status} />
    </section>
  );
}
