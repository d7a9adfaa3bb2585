import { type FormEvent, useRef, useState } from 'react';
import { FormField } from '../../../components/FormField.tsx';
import { useStoredUnlessEdited } from '../../../components/use-stored-unless-edited.ts';
import type { Connection } from '../../../lib/account/connection.ts';
import { checkApiBaseUrl, type Settings } from '../../../lib/account/settings.ts';
import { ensureHostPermission } from '../../../lib/browser/host-permission.ts';
import { describeApiError, type ErrorPlaces } from '../../../lib/error-text.ts';
import { checkConnectionForm } from './connection-form.ts';
import { saveConnection } from './save-connection.ts';
import { describeConnectionTest, testConnection } from './test-connection.ts';
import { useHostPermission } from './use-host-permission.ts';

type Status = { tone: 'busy' | 'success' | 'error'; message: string; advice?: string };
type Field = keyof Connection;

const FIELD_IDS: Record<Field, string> = { apiBaseUrl: 'api-base-url', apiKey: 'api-key' };

const connectionOf = ({ apiBaseUrl, apiKey }: Connection): Connection => ({ apiBaseUrl, apiKey });
const sameConnection = (a: Connection, b: Connection) =>
  a.apiBaseUrl === b.apiBaseUrl && a.apiKey === b.apiKey;

function originOf(rawBaseUrl: string): string | undefined {
  const checked = checkApiBaseUrl(rawBaseUrl);
  return 'url' in checked ? new URL(checked.url).origin : undefined;
}

/** How error advice on the options page names this section ("…in the Connection section."). */
export const CONNECTION_SECTION: ErrorPlaces = { settings: 'the Connection section' };

function askingStatus(apiBaseUrl: string): Status {
  const origin = new URL(apiBaseUrl).origin;
  return {
    tone: 'busy',
    message: `Waiting for permission to reach ${origin}: answer the browser's prompt.`,
  };
}

function errorStatus(prefix: string, error: unknown): Status {
  const { message, advice } = describeApiError(error, { settings: null });
  return { tone: 'error', message: `${prefix} ${message}`, advice };
}

export function ConnectionSection({ settings }: { settings: Settings }) {
  // Settings saved elsewhere replace the form's values, unless the person has edited them here.
  const stored = connectionOf(settings);
  const [form, setForm] = useStoredUnlessEdited(stored);
  // A field's problem shows once the person has left it edited, or tried to save or test.
  const [revealed, setRevealed] = useState<Record<Field, boolean>>({
    apiBaseUrl: false,
    apiKey: false,
  });
  const [keyShown, setKeyShown] = useState(false);
  const [busy, setBusy] = useState<'saving' | 'testing'>();
  const [status, setStatus] = useState<Status>();
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const origin = originOf(form.apiBaseUrl);
  const permitted = useHostPermission(origin);

  const checked = checkConnectionForm(form);
  const problems = 'problems' in checked ? checked.problems : {};
  const shownProblem = (field: Field) => (revealed[field] ? problems[field] : undefined);

  function edit(field: Field, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  /** The checked values, or undefined after pointing the person at the first field to fix. */
  function valuesToUse(): Connection | undefined {
    if ('values' in checked) return checked.values;
    setRevealed({ apiBaseUrl: true, apiKey: true });
    setStatus(undefined);
    const first = (['apiBaseUrl', 'apiKey'] as const).find((field) => checked.problems[field]);
    if (first) inputs.current[first]?.focus();
    return undefined;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const values = valuesToUse();
    if (!values) return;
    setBusy('saving');
    setStatus(permitted === true ? undefined : askingStatus(values.apiBaseUrl));
    try {
      // First await of the click: a permission request must run in the person's gesture.
      const result = await saveConnection(values, permitted);
      if (result.saved) {
        setForm(values);
        setStatus({ tone: 'success', message: 'Saved.' });
      } else {
        setStatus({
          tone: 'error',
          message: `Permission to reach ${result.refusedOrigin} was refused; the previous address is kept.`,
          advice: 'Save again and allow the access, or enter another API base URL.',
        });
      }
    } catch (error) {
      setStatus(errorStatus('Nothing was saved:', error));
    } finally {
      setBusy(undefined);
    }
  }

  async function test() {
    if (busy) return;
    const values = valuesToUse();
    if (!values) return;
    const testedOrigin = new URL(values.apiBaseUrl).origin;
    const testing: Status = { tone: 'busy', message: `Testing the connection to ${testedOrigin}…` };
    setBusy('testing');
    setStatus(permitted === true ? testing : askingStatus(values.apiBaseUrl));
    try {
      if (!(await ensureHostPermission(values.apiBaseUrl, permitted))) {
        setStatus({
          tone: 'error',
          message: `Permission to reach ${testedOrigin} was refused, so the connection was not tested.`,
          advice: 'Test again and allow the access, or enter another API base URL.',
        });
        return;
      }
      setStatus(testing);
      const answer = describeConnectionTest(await testConnection(values), values.apiBaseUrl);
      const unsaved = !sameConnection(values, stored);
      setStatus(
        answer.tone === 'success' && unsaved
          ? { ...answer, advice: 'Choose Save to use this connection.' }
          : answer,
      );
    } catch (error) {
      setStatus(errorStatus('The test failed:', error));
    } finally {
      setBusy(undefined);
    }
  }

  const firstRun = !settings.apiKey;

  return (
    <section className="options-section" aria-labelledby="connection-heading">
      <h2 id="connection-heading">Connection</h2>
      {firstRun && (
        <div className="intro">
          <p>
            To shorten links, connect the extension to your short-link service: enter its API base
            URL and your API key, then choose Save.
          </p>
          <p>
            Get an API key from your short-link service account. For the local reference service,
            run this and copy the key it prints:
          </p>
          <pre>
            <code>npm run service -- account create --email you@example.com</code>
          </pre>
        </div>
      )}
      <form onSubmit={save} noValidate>
        <FormField
          id={FIELD_IDS.apiBaseUrl}
          label="API base URL"
          error={shownProblem('apiBaseUrl')}
          hint={
            <>
              Where the service's API answers, for example https://api.example.com. HTTPS is
              required, except for localhost.
              {origin && permitted === false && (
                <> When you save, the browser asks you to let the extension reach {origin}.</>
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
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              value={form.apiBaseUrl}
              onChange={(event) => edit('apiBaseUrl', event.target.value)}
              onBlur={() =>
                form.apiBaseUrl !== stored.apiBaseUrl &&
                setRevealed((now) => ({ ...now, apiBaseUrl: true }))
              }
            />
          )}
        </FormField>
        <FormField
          id={FIELD_IDS.apiKey}
          label="API key"
          error={shownProblem('apiKey')}
          hint="From your short-link service account. It is sent only to the API base URL."
        >
          {(inputProps) => (
            <div className="input-with-button">
              <input
                {...inputProps}
                ref={(input) => {
                  inputs.current.apiKey = input;
                }}
                type={keyShown ? 'text' : 'password'}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                value={form.apiKey}
                onChange={(event) => edit('apiKey', event.target.value)}
                onBlur={() =>
                  form.apiKey !== stored.apiKey && setRevealed((now) => ({ ...now, apiKey: true }))
                }
              />
              <button type="button" onClick={() => setKeyShown((shown) => !shown)}>
                {keyShown ? 'Hide' : 'Show'}
                <span className="visually-hidden"> API key</span>
              </button>
            </div>
          )}
        </FormField>
        <div className="row actions">
          <button type="submit" className="primary" aria-disabled={busy !== undefined}>
            Save
          </button>
          <button type="button" onClick={test} aria-disabled={busy !== undefined}>
            {busy === 'testing' ? 'Testing…' : 'Test connection'}
          </button>
        </div>
      </form>
      <div role="status" className="status">
        {status && (
          <div className={`notice ${status.tone === 'busy' ? '' : status.tone}`}>
            <p>{status.message}</p>
            {status.advice && <p>{status.advice}</p>}
          </div>
        )}
      </div>
    </section>
  );
}
