import { useState } from 'react';
import type { Account } from '../../../../lib/account/account.ts';
import type { ServiceOffer } from '../../../../lib/api/service-offer.ts';
import { offersOperation } from '../../../../lib/api/service-offer.ts';
import { type ChecksFound, checkLinks } from '../../../../lib/health/check-links.ts';
import { formatDate, formatNumber } from '../../../../lib/i18n/format.ts';
import { t } from '../../../../lib/i18n/t.ts';
import { describeApiError } from '../../../../lib/wording/error-text.ts';

/**
 * "Links checked: 5. Broken: 1, unreachable: 0, redirected: 2.", the links skipped as checked less
 * than a minute ago (with when to try again), and what could not be checked.
 */
export function checksFoundText(found: ChecksFound): string {
  const { checked, states, tooSoon, tooSoonUntil, failed, firstError } = found;
  const said = [
    t(
      'healthChecksFound',
      formatNumber(checked),
      formatNumber(states.broken),
      formatNumber(states.unreachable),
      formatNumber(states.redirected),
    ),
  ];
  if (tooSoon > 0) {
    const at = formatDate(new Date(tooSoonUntil ?? Date.now()), { timeStyle: 'short' });
    said.push(t('healthChecksTooSoon', formatNumber(tooSoon), at));
  }
  if (failed > 0) {
    said.push(t('healthChecksFailed', formatNumber(failed), describeApiError(firstError).message));
  }
  return said.join(' ');
}

/** The toolbar's "Check selected", where the service checks a link when asked, and what it found. */
export function CheckSelected({
  account,
  offer,
  selected,
}: {
  account: Account;
  offer: ServiceOffer | undefined;
  selected: ReadonlySet<string>;
}) {
  const [checking, setChecking] = useState(false);
  const [said, setSaid] = useState('');
  if (!offersOperation(offer, 'checkLink')) return null;

  async function check() {
    setChecking(true);
    setSaid('');
    try {
      setSaid(checksFoundText(await checkLinks(account, [...selected])));
    } finally {
      setChecking(false);
    }
  }

  return (
    <>
      {(selected.size > 0 || checking) && (
        <button type="button" aria-disabled={checking} onClick={() => checking || void check()}>
          {checking ? t('healthChecking') : t('healthCheckSelected')}
        </button>
      )}
      <span role="status" className="checks-found">
        {said}
      </span>
    </>
  );
}
