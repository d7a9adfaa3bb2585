// The details pane's facts of a link's end (where its service offers them): when it expires, with
// "Extend 7 days" one click away, its click limit, where it goes after, and whether it has a
// password. An extension is shown at once (the list shows the edit while it is sent) and taken
// back, with the reason, if the service refuses it.
import { useState } from 'react';
import type { Account } from '../../../../lib/account/account.ts';
import { offeredLifecycle } from '../../../../lib/api/link-lifecycle.ts';
import { isProtected } from '../../../../lib/api/link-password.ts';
import type { Link } from '../../../../lib/api/schemas.ts';
import { formatNumber } from '../../../../lib/i18n/format.ts';
import { t } from '../../../../lib/i18n/t.ts';
import { extendedExpiry } from '../../../../lib/links/link-end.ts';
import { describeApiError } from '../../../../lib/wording/error-text.ts';
import { ACCOUNTS_SECTION } from '../../accounts/AccountsSection.tsx';
import { createdLabel, endLabel } from '../links-view.ts';

export function LinkEndFacts({ link, account }: { link: Link; account: Account }) {
  const [problem, setProblem] = useState('');
  const offer = account.getSnapshot().offer.value;
  const end = offeredLifecycle(link, offer);
  const canExtend = account.offersLinkField('expires_at');
  const now = Date.now();

  async function extend() {
    setProblem('');
    try {
      await account.updateLink(link, { expiresAt: extendedExpiry(link, Date.now()) });
    } catch (error) {
      setProblem(t('linksNotSaved', describeApiError(error, ACCOUNTS_SECTION).message));
    }
  }

  return (
    <>
      {canExtend && (
        <>
          <dt>{t('linkExpires')}</dt>
          <dd className="details-short">
            {typeof end.expiresAt === 'string' ? (
              <time dateTime={end.expiresAt}>
                {createdLabel(end.expiresAt, now).full} ({endLabel(end, link.clicks, now)})
              </time>
            ) : (
              t('linksNeverExpires')
            )}
            <button type="button" title={t('linksExtendHint')} onClick={() => void extend()}>
              {t('linksExtendSevenDays')}
            </button>
            <span role="status" className="field-error">
              {problem}
            </span>
          </dd>
        </>
      )}
      {typeof end.maxClicks === 'number' && (
        <>
          <dt>{t('linkClickLimit')}</dt>
          <dd>{formatNumber(end.maxClicks)}</dd>
        </>
      )}
      {typeof end.expiredUrl === 'string' && (
        <>
          <dt>{t('linkExpiredUrl')}</dt>
          <dd dir="ltr">{end.expiredUrl}</dd>
        </>
      )}
      {isProtected(link, offer) && (
        <>
          <dt>{t('linkPassword')}</dt>
          <dd>{t('linksProtected')}</dd>
        </>
      )}
    </>
  );
}
