import '../sections.css';
import { useState } from 'react';
import { Message } from '../../../components/ui/Message.tsx';
import { t } from '../../../lib/i18n/t.ts';
import { accountName } from '../../../lib/settings/account-choice.ts';
import {
  type AccountSettings,
  newAccount,
  type Settings,
  saveSettings,
} from '../../../lib/settings/settings.ts';
import type { ErrorPlaces } from '../../../lib/wording/error-text.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { AccountForm } from './AccountForm.tsx';
import { removeAccount } from './remove-account.ts';

/** How error advice elsewhere on the options page names this section ("…in the Accounts section."). */
export const ACCOUNTS_SECTION: ErrorPlaces = { settings: 'accounts' };

/**
 * The accounts: each one's form, "Add account", and with two or more, each one's name, "Make
 * default" and "Remove account". With a single account it is the one form it always was.
 */
export function AccountsSection({ settings }: { settings: Settings }) {
  // An added account is a draft until its first "Save".
  const [draft, setDraft] = useState<AccountSettings>();
  const [removing, setRemoving] = useState<AccountSettings>();
  const [notice, setNotice] = useState<string>();
  const several = settings.accounts.length + (draft ? 1 : 0) > 1;
  const firstRun = settings.accounts.length === 1 && !settings.accounts[0]?.apiKey && !draft;
  // A draft saved elsewhere (or just now) is a stored account from then on.
  const draftStored = draft && settings.accounts.some((account) => account.id === draft.id);
  const shownDraft = draftStored ? undefined : draft;

  async function confirmRemove(account: AccountSettings) {
    setRemoving(undefined);
    await removeAccount(account.id);
    setNotice(t('accountRemoved', accountName(account)));
  }

  const accountArticle = (account: AccountSettings, saved: boolean) => {
    const isDefault = saved && account.id === settings.defaultAccountId;
    const name = saved ? accountName(account) : t('newAccount');
    const headingId = `account-heading-${account.id}`;
    return (
      <article
        key={account.id}
        className="account"
        aria-labelledby={several ? headingId : undefined}
        aria-label={several ? undefined : t('account')}
      >
        {several && (
          <h3 id={headingId}>
            {name}
            {isDefault && <span className="heading-note"> {t('defaultAccount')}</span>}
          </h3>
        )}
        <AccountForm
          account={account}
          saved={saved}
          showName={several}
          firstRun={firstRun}
          onSaved={saved ? undefined : () => setDraft(undefined)}
        >
          {several && saved && !isDefault && (
            <button
              type="button"
              onClick={() => void saveSettings({ defaultAccountId: account.id })}
            >
              {t('makeDefault')}
            </button>
          )}
          {several && saved && (
            <button type="button" className="danger" onClick={() => setRemoving(account)}>
              {t('removeAccount')}
            </button>
          )}
          {!saved && (
            <button type="button" onClick={() => setDraft(undefined)}>
              {t('cancel')}
            </button>
          )}
        </AccountForm>
      </article>
    );
  };

  return (
    <section className="options-section" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">{t('sectionAccounts')}</h2>
      {firstRun && (
        <div className="intro">
          <p>{t('accountsIntro')}</p>
          <p>
            {t('accountsGetKey')}
            {/* Development only, for developers: not translated. */}
            {import.meta.env.DEV &&
              ' For the local reference service, run this and copy the key it prints:'}
          </p>
          {/* A development build's help: a store user has no reference service to run. */}
          {import.meta.env.DEV && (
            <pre>
              <code>npm run service -- account create --email you@example.com</code>
            </pre>
          )}
        </div>
      )}
      {several && <p className="hint lead">{t('accountsSeveralHint')}</p>}
      {/* One list, keyed by id: a draft that is saved stays the same form, its status kept. */}
      {[
        ...settings.accounts.map((account) => accountArticle(account, true)),
        ...(shownDraft ? [accountArticle(shownDraft, false)] : []),
      ]}
      {!shownDraft && (
        <div className="row actions">
          <button type="button" onClick={() => setDraft({ ...newAccount(), apiBaseUrl: '' })}>
            {t('addAccount')}
          </button>
        </div>
      )}
      <div role="status" className="status">
        {notice && <p className="notice success">{notice}</p>}
      </div>
      {removing && (
        <ConfirmDialog
          title={t('removeAccountTitle', accountName(removing))}
          confirmLabel={t('remove')}
          onConfirm={() => confirmRemove(removing)}
          onCancel={() => setRemoving(undefined)}
        >
          <p>
            <Message
              id="removeAccountBody"
              values={[<strong key="name">{accountName(removing)}</strong>]}
            />
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
