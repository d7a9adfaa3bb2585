import { useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { Brand } from '../../components/Brand.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import {
  backHalfProblem,
  type FieldErrors,
  type ShortenFields,
  ShortenForm,
} from '../../components/ShortenForm.tsx';
import { ShortenResult } from '../../components/ShortenResult.tsx';
import { applyTheme } from '../../components/theme.ts';
import { readCachedDomains, writeCachedDomains } from '../../lib/account/cache.ts';
import type { Settings } from '../../lib/account/settings.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { CreateLinkInput, type Domain, type Link } from '../../lib/api/schemas.ts';
import { requestHostPermission } from '../../lib/browser/host-permission.ts';
import { requestLinksForPage } from '../../lib/links-upkeep.ts';
import { isConfigured, shorten, unshortenableReason } from '../../lib/shorten.ts';
import { earlyStart } from './early-start.ts';

const WIRE_TO_FORM: Record<string, keyof ShortenFields> = {
  destination_url: 'destinationUrl',
  back_half: 'backHalf',
  title: 'title',
  domain: 'domain',
};

function fieldErrorsOf(input: ShortenFields): FieldErrors | undefined {
  const parsed = CreateLinkInput.safeParse(input);
  if (parsed.success) return undefined;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ShortenFields;
    errors[field] ??= issue.message;
  }
  return errors;
}

const openSettings = () => void browser.runtime.openOptionsPage();

export function App() {
  const [settings, setSettings] = useState<Settings>();
  const [fields, setFields] = useState<ShortenFields>({
    destinationUrl: '',
    title: '',
    backHalf: '',
    domain: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [domains, setDomains] = useState<Domain[]>([]);
  const [pageProblem, setPageProblem] = useState<string>();
  const [existing, setExisting] = useState<Link[]>([]);
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ link: Link; copied: boolean }>();
  const [ready, setReady] = useState(false);
  // Fields the person has typed in are never overwritten by what arrives later.
  const typed = useRef(new Set<keyof ShortenFields>());

  useEffect(() => {
    const fillUntyped = (values: Partial<ShortenFields>) =>
      setFields((current) => {
        const next = { ...current };
        for (const [key, value] of Object.entries(values) as [keyof ShortenFields, string][]) {
          if (!typed.current.has(key)) next[key] = value;
        }
        return next;
      });

    let live = true;
    void (async () => {
      const [loaded, page] = await earlyStart;
      if (!live) return;
      applyTheme(loaded.theme);
      setSettings(loaded);
      const problem = unshortenableReason(page.url);
      setPageProblem(problem);
      fillUntyped({
        destinationUrl: problem ? '' : page.url,
        title: problem ? '' : page.title,
        domain: loaded.lastDomain ?? loaded.defaultDomain,
      });
      setReady(true);
      if (!isConfigured(loaded)) return;
      // The background answers from its cache of the account's links, refreshed when old.
      if (!problem) {
        void requestLinksForPage(page.url).then((links) => live && setExisting(links));
      }
      const cachedDomains = await readCachedDomains(loaded);
      if (cachedDomains) setDomains(cachedDomains.value);
      // Refreshed behind the form; a failure here shows when the person shortens.
      try {
        const { createApiClient } = await import('../../lib/api/client.ts');
        const fresh = await createApiClient({
          baseUrl: loaded.apiBaseUrl,
          apiKey: loaded.apiKey,
        }).listDomains();
        setDomains(fresh);
        // A remembered domain the account no longer has would only fail: fall back to the
        // default domain, then to the service's own.
        const onAccount = (host: string) =>
          host === '' || fresh.some((domain) => domain.domain === host);
        setFields((current) =>
          typed.current.has('domain') || onAccount(current.domain)
            ? current
            : { ...current, domain: onAccount(loaded.defaultDomain) ? loaded.defaultDomain : '' },
        );
        await writeCachedDomains(loaded, fresh);
      } catch {}
    })();
    return () => {
      live = false;
    };
  }, []);

  const change = (changes: Partial<ShortenFields>) => {
    for (const key of Object.keys(changes) as (keyof ShortenFields)[]) typed.current.add(key);
    setFields((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes) as (keyof ShortenFields)[]) delete next[key];
      if (changes.backHalf !== undefined) next.backHalf = backHalfProblem(changes.backHalf);
      return next;
    });
  };

  // Asked for in the click itself (no await before it), then the shorten is tried again.
  const allowAccess = () => {
    if (!settings) return;
    void requestHostPermission(settings.apiBaseUrl).then((granted) => {
      if (granted) void submit();
    });
  };

  const submit = async () => {
    if (!settings) return;
    const problems = fieldErrorsOf(fields);
    if (problems) {
      setErrors(problems);
      return;
    }
    setBusy(true);
    setFailure(undefined);
    setResult(undefined);
    try {
      const link = await shorten(CreateLinkInput.parse(fields), { settings, rememberDomain: true });
      const copied = settings.autoCopy
        ? await navigator.clipboard.writeText(link.shortUrl).then(
            () => true,
            () => false,
          )
        : false;
      setResult({ link, copied });
    } catch (error) {
      const field = isApiError(error) && error.field ? WIRE_TO_FORM[error.field] : undefined;
      const onField =
        isApiError(error) && (error.kind === 'back_half_taken' || error.kind === 'invalid_input');
      if (onField && field) setErrors({ [field]: error.message });
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  if (settings && !isConfigured(settings)) {
    return (
      <main className="popup" data-ready={ready}>
        <Brand>Short Link</Brand>
        <div className="notice">
          <p>Add the API key of your short-link account in the settings to start shortening.</p>
          <button type="button" className="primary" onClick={openSettings}>
            Open settings
          </button>
        </div>
      </main>
    );
  }

  return (
    <main className="popup" data-ready={ready}>
      <Brand>Short Link</Brand>
      {pageProblem && (
        <p className="notice" role="status">
          {pageProblem} Type or paste an address instead.
        </p>
      )}
      {existing.length > 0 && !result && (
        <section className="existing" aria-labelledby="existing-heading">
          <h2 id="existing-heading">Already shortened</h2>
          <ul>
            {existing.map((link) => (
              <li key={link.shortUrl} className="row">
                <a href={link.shortUrl} target="_blank" rel="noreferrer">
                  {link.shortUrl}
                </a>
                <CopyButton text={link.shortUrl} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <ShortenForm
        fields={fields}
        errors={errors}
        domains={domains}
        busy={busy}
        onChange={change}
        onSubmit={submit}
      />
      {failure !== undefined && (
        <ErrorNotice
          error={failure}
          onOpenSettings={openSettings}
          onRetry={submit}
          onAllowAccess={allowAccess}
        />
      )}
      {result && <ShortenResult link={result.link} copied={result.copied} />}
    </main>
  );
}
