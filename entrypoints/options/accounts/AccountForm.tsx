import { type FormEvent, useId, useRef, useState } from 'react';
import { useStoredUnlessEdited } from '../../../components/account/use-stored-unless-edited.ts';
import { FormField } from '../../../components/ui/FormField.tsx';
import { Message } from '../../../components/ui/Message.tsx';
import { ensureHostPermission } from '../../../lib/browser/host-permission.ts';
import { t } from '../../../lib/i18n/t.ts';
import { type AccountSettings, checkApiBaseUrl } from '../../../lib/settings/settings.ts';
import { describeApiError } from '../../../lib/wording/error-text.ts';
import { type AccountFormValues, checkAccountForm } from './account-form.ts';
import { describeSave, saveAccountForm } from './save-account.ts';
import { describeConnectionTest, testConnection } from './test-connection.ts';
import { useHostPermission } from './use-host-permission.ts';

type Status = {
  tone: 'busy' | 'success' | 'error' | 'note';
  message: string;
  advice?: string;
  offerSaveAnyway?: boolean;
  /** The first account was just set up: the way on to its links. */
  offerLinks?: boolean;
};
type Field = keyof AccountFormValues;
const FIELDS: readonly Field[] = ['name', 'apiBaseUrl', 'apiKey'];

const valuesOf = ({ name, apiBaseUrl, apiKey }: AccountSettings): AccountFormValues => ({
  name,
  apiBaseUrl,
  apiKey,
});

const sameConnection = (a: AccountFormValues, b: AccountFormValues) =>
  a.apiBaseUrl === b.apiBaseUrl && a.apiKey === b.apiKey;

function originOf(rawBaseUrl: string): string | undefined {
  const checked = checkApiBaseUrl(rawBaseUrl);
  return 'url' in checked ? new URL(checked.url).origin : undefined;
}

function askingStatus(apiBaseUrl: string): Status {
  const origin = new URL(apiBaseUrl).origin;
  return {
    tone: 'busy',
    message: t('accountAsking', origin),
  };
}

function errorStatus(during: 'accountNothingSaved' | 'accountTestFailed', error: unknown): Status {
  // This is the Accounts section itself: the advice names no other place.
  const { message, advice } = describeApiError(error, { settings: 'here' });
  return { tone: 'error', message: t(during, message), advice };
}

/**
 * One account's form: name (with two or more accounts), API base URL and key, "Save" and "Test
 * connection". The account is stored only by "Save"; an added account is a draft until then.
 */
export function AccountForm({
  account,
  saved,
  showName,
  firstRun = false,
  onSaved,
  children,
}: {
  account: AccountSettings;
  /** Whether the account is stored yet (an added one is not until its first "Save"). */
  saved: boolean;
  showName: boolean;
  /** No account is set up yet: after this one's first save, offer the way to its links. */
  firstRun?: boolean;
  onSaved?: () => void;
  /** More actions for the account, after "Save" and "Test connection". */
  children?: React.ReactNode;
}) {
  // One account keeps the ids the one connection form always had (api-base-url, api-key).
  const generatedId = useId();
  const idPrefix = showName ? generatedId : '';
  // Settings saved elsewhere replace the form's values, unless the person has edited them here.
  const stored = valuesOf(account);
  const [form, setForm] = useStoredUnlessEdited(stored);
  // A field's problem shows once the person has left it edited, or tried to save or test.
  const [revealed, setRevealed] = useState<Record<Field, boolean>>({
    name: false,
    apiBaseUrl: false,
    apiKey: false,
  });
  const [keyShown, setKeyShown] = useState(false);
  const [busy, setBusy] = useState<'saving' | 'testing'>();
  const [status, setStatus] = useState<Status>();
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const origin = originOf(form.apiBaseUrl);
  const permitted = useHostPermission(origin);

  const checked = checkAccountForm(form);
  const problems = 'problems' in checked ? checked.problems : {};
  const shownProblem = (field: Field) => (revealed[field] ? problems[field] : undefined);
  const fieldId = (field: Field) =>
    `${idPrefix}${{ name: 'account-name', apiBaseUrl: 'api-base-url', apiKey: 'api-key' }[field]}`;

  function edit(field: Field, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  const revealOnBlur = (field: Field) => () =>
    form[field] !== stored[field] && setRevealed((now) => ({ ...now, [field]: true }));

  /** The checked values, or undefined after pointing the person at the first field to fix. */
  function valuesToUse(): AccountFormValues | undefined {
    if ('values' in checked) return checked.values;
    setRevealed({ name: true, apiBaseUrl: true, apiKey: true });
    setStatus(undefined);
    const first = FIELDS.find((field) => checked.problems[field]);
    if (first) inputs.current[first]?.focus();
    return undefined;
  }

  async function save(event: FormEvent, keepRefusedKey = false) {
    event.preventDefault();
    if (busy) return;
    const values = valuesToUse();
    if (!values) return;
    const checking: Status = {
      tone: 'busy',
      message: t('accountChecking', new URL(values.apiBaseUrl).origin),
    };
    setBusy('saving');
    setStatus(permitted === true ? checking : askingStatus(values.apiBaseUrl));
    try {
      // First await of the click: a permission request must run in the person's gesture.
      const result = await saveAccountForm(account.id, values, permitted, {
        keepRefusedKey,
        onPermitted: () => setStatus(checking),
      });
      if ('refusedOrigin' in result) {
        setStatus({
          tone: 'error',
          message: saved
            ? t('accountRefusedKept', result.refusedOrigin)
            : t('accountRefusedNotAdded', result.refusedOrigin),
          advice: t('accountSaveAgainAllow'),
        });
        return;
      }
      const answer = describeSave(result, (check) =>
        describeConnectionTest(check, values.apiBaseUrl),
      );
      if (result.saved) {
        setForm(values);
        onSaved?.();
      }
      setStatus({ ...answer, offerLinks: firstRun && answer.tone === 'success' });
    } catch (error) {
      setStatus(errorStatus('accountNothingSaved', error));
    } finally {
      setBusy(undefined);
    }
  }

  async function test() {
    if (busy) return;
    const values = valuesToUse();
    if (!values) return;
    const testedOrigin = new URL(values.apiBaseUrl).origin;
    const testing: Status = { tone: 'busy', message: t('accountTesting', testedOrigin) };
    setBusy('testing');
    setStatus(permitted === true ? testing : askingStatus(values.apiBaseUrl));
    try {
      if (!(await ensureHostPermission(values.apiBaseUrl, permitted))) {
        setStatus({
          tone: 'error',
          message: t('accountTestRefused', testedOrigin),
          advice: t('accountTestAgainAllow'),
        });
        return;
      }
      setStatus(testing);
      const answer = describeConnectionTest(
        await testConnection({ id: account.id, ...values }),
        values.apiBaseUrl,
      );
      const unsaved = !saved || !sameConnection(values, stored);
      setStatus(
        answer.tone === 'success' && unsaved
          ? {
              ...answer,
              advice: saved ? t('accountChooseSaveUse') : t('accountChooseSaveAdd'),
            }
          : answer,
      );
    } catch (error) {
      setStatus(errorStatus('accountTestFailed', error));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <>
      <form onSubmit={save} noValidate>
        {showName && (
          <FormField
            id={fieldId('name')}
            label={t('accountName')}
            error={shownProblem('name')}
            hint={t('accountNameHint')}
          >
            {(inputProps) => (
              <input
                {...inputProps}
                ref={(input) => {
                  inputs.current.name = input;
                }}
                type="text"
                autoComplete="off"
                value={form.name}
                placeholder={originOf(form.apiBaseUrl)?.replace(/^https?:\/\//, '')}
                onChange={(event) => edit('name', event.target.value)}
                onBlur={revealOnBlur('name')}
              />
            )}
          </FormField>
        )}
        <FormField
          id={fieldId('apiBaseUrl')}
          label={t('apiBaseUrl')}
          error={shownProblem('apiBaseUrl')}
          hint={
            <>
              {t('apiBaseUrlHint')}
              {origin && permitted === false && (
                <>
                  {' '}
                  <Message id="apiBaseUrlPermissionHint" values={[origin]} />
                </>
              )}
            </>
          }
        >
          {(inputProps) => (
            <input
              {...inputProps}
              ref={(input) => {
                inputs.current.apiBaseUrl = input;
              }}
              type="url"
              dir="ltr"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://api.example.com"
              value={form.apiBaseUrl}
              onChange={(event) => edit('apiBaseUrl', event.target.value)}
              onBlur={revealOnBlur('apiBaseUrl')}
            />
          )}
        </FormField>
        <FormField
          id={fieldId('apiKey')}
          label={t('apiKey')}
          error={shownProblem('apiKey')}
          hint={t('apiKeyHint')}
        >
          {(inputProps) => (
            <div className="input-with-button">
              <input
                {...inputProps}
                ref={(input) => {
                  inputs.current.apiKey = input;
                }}
                type={keyShown ? 'text' : 'password'}
                dir="ltr"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                value={form.apiKey}
                onChange={(event) => edit('apiKey', event.target.value)}
                onBlur={revealOnBlur('apiKey')}
              />
              <button type="button" onClick={() => setKeyShown((shown) => !shown)}>
                {keyShown ? t('hideApiKey') : t('showApiKey')}
                <span className="visually-hidden"> {t('apiKey')}</span>
              </button>
            </div>
          )}
        </FormField>
        <div className="row actions">
          <button type="submit" className="primary" aria-disabled={busy !== undefined}>
            {t('save')}
          </button>
          <button type="button" onClick={test} aria-disabled={busy !== undefined}>
            {busy === 'testing' ? t('testing') : t('testConnection')}
          </button>
          {children}
        </div>
      </form>
      <div role="status" className="status">
        {status && (
          <div
            className={`notice ${status.tone === 'busy' || status.tone === 'note' ? '' : status.tone}`}
          >
            <p>{status.message}</p>
            {status.advice && <p>{status.advice}</p>}
            {status.offerSaveAnyway && (
              <p>
                <button
                  type="button"
                  aria-disabled={busy !== undefined}
                  onClick={(event) => save(event, true)}
                >
                  {t('saveAnyway')}
                </button>
              </p>
            )}
            {status.offerLinks && (
              <p>
                <a href="#links">{t('goToLinks')}</a>
              </p>
            )}
          </div>
        )}
      </div>
    </>
  );
}
