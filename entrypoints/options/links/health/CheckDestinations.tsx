import { useEffect, useState } from 'react';
import type { Link } from '../../../../lib/api/schemas.ts';
import {
  hasCheckPermission,
  requestCheckPermission,
} from '../../../../lib/health/browser-checks.ts';
import { formatNumber } from '../../../../lib/i18n/format.ts';
import { t } from '../../../../lib/i18n/t.ts';
import { checksFoundText } from './CheckSelected.tsx';
import type { BrowserChecks } from './use-browser-checks.ts';

type Step = 'idle' | 'explaining' | 'checking';

/**
 * "Check destinations", for a service that does not check them: this browser asks each
 * destination (the selection's, else every link's). The permission to reach any site is asked for
 * only when pressed, after saying why.
 */
export function CheckDestinations({
  browserChecks,
  links,
}: {
  browserChecks: BrowserChecks;
  links: readonly Link[];
}) {
  const [step, setStep] = useState<Step>('idle');
  const [said, setSaid] = useState('');
  const [granted, setGranted] = useState<boolean>();
  useEffect(() => {
    if (browserChecks.active) void hasCheckPermission().then(setGranted, () => setGranted(false));
  }, [browserChecks.active]);
  if (!browserChecks.active) return null;

  async function check() {
    setStep('checking');
    const total = formatNumber(links.length);
    setSaid(t('healthCheckingProgress', formatNumber(0), total));
    try {
      const found = await browserChecks.run(links, (done) =>
        setSaid(t('healthCheckingProgress', formatNumber(done), total)),
      );
      const states = { ok: 0, redirected: 0, broken: 0, unreachable: 0, unchecked: 0 };
      for (const { health } of found)
        if (health.destinationStatus) states[health.destinationStatus]++;
      setSaid(checksFoundText({ checked: found.length, states, tooSoon: 0, failed: 0 }));
    } finally {
      setStep('idle');
    }
  }

  async function allowAndCheck() {
    // Asked first, in the click: the browser shows its prompt only then.
    const allowed = await requestCheckPermission().catch(() => false);
    setGranted(allowed);
    if (!allowed) {
      setStep('idle');
      setSaid(t('healthBrowserCheckRefused'));
      return;
    }
    await check();
  }

  return (
    <>
      <button
        type="button"
        aria-disabled={step === 'checking'}
        onClick={() => {
          if (step === 'checking') return;
          setSaid('');
          if (granted) void check();
          else setStep('explaining');
        }}
      >
        {t('healthCheckDestinations')}
      </button>
      <span role="status" className="checks-found">
        {said}
      </span>
      {step === 'explaining' && (
        <div className="notice browser-check-why">
          <p>{t('healthBrowserCheckWhy')}</p>
          <div className="row">
            <button type="button" className="primary" onClick={() => void allowAndCheck()}>
              {t('healthAllowAndCheck')}
            </button>
            <button type="button" onClick={() => setStep('idle')}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
