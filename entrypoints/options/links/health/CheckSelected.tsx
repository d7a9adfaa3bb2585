import { useState } from 'react';
import type { Account } from '../../../../lib/account/account.ts';
import type { ServiceOffer } from '../../../../lib/api/service-offer.ts';
import { offersOperation } from '../../../../lib/api/service-offer.ts';
import { type ChecksFound, checkLinks } from '../../../../lib/health/check-links.ts';
import { formatNumber } from '../../../../lib/i18n/format.ts';
import { t } from '../../../../lib/i18n/t.ts';
import { describeApiError } from '../../../../lib/wording/error-text.ts';

/** "Links checked: 5. Broken: 1, unreachable: 0, redirected: 2." and what could not be checked. */
export function checksFoundText({ checked, states, failed, firstError }: ChecksFound): string {
  const said = t(
    'healthChecksFound',
    formatNumber(checked),
    formatNumber(states.broken),
    formatNumber(states.unreachable),
    formatNumber(states.redirected),
  );
  if (failed === 0) return said;
  return `${said} ${t('healthChecksFailed', formatNumber(failed), describeApiError(firstError).message)}`;
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
