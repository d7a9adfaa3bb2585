import './health.css';
import { useContext, useState } from 'react';
import { useAccountData } from '../../../../components/account/use-account-data.ts';
import type { Account } from '../../../../lib/account/account.ts';
import type { Link } from '../../../../lib/api/schemas.ts';
import { offersOperation } from '../../../../lib/api/service-offer.ts';
import { checkLinkNow } from '../../../../lib/health/check-now.ts';
import { t } from '../../../../lib/i18n/t.ts';
import { describeApiError } from '../../../../lib/wording/error-text.ts';
import { BrowserChecksContext } from './browser-checks-context.ts';
import { healthLine, shownHealth } from './health-view.ts';

/** A change of destination to the final address, until it is undone or the pane closes. */
type AddressChange = { from: string; to: string; state: 'done' | 'undone' };

/**
 * The details pane's part about the destination: when it was checked and what was found, "Check
 * now", and for a permanent redirect "Use the new address" (with Undo, as a deletion has).
 */
export function HealthDetails({ link, account }: { link: Link; account: Account }) {
  const offer = useAccountData(account).offer.value;
  const health = shownHealth(link, offer, useContext(BrowserChecksContext));
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<{ message: string; advice: string }>();
  const [change, setChange] = useState<AddressChange>();
  if (health.destinationStatus === undefined) return null;

  async function checkNow() {
    setChecking(true);
    setProblem(undefined);
    try {
      await checkLinkNow(account, link.shortUrl);
    } catch (error) {
      setProblem(describeApiError(error));
    } finally {
      setChecking(false);
    }
  }

  async function changeDestination(to: string, next: AddressChange) {
    setProblem(undefined);
    try {
      await account.updateLink(link, { destinationUrl: to });
      setChange(next);
    } catch (error) {
      setProblem(describeApiError(error));
    }
  }

  const finalUrl = health.destinationFinalUrl;
  const movedForGood =
    health.destinationStatus === 'redirected' &&
    health.destinationPermanent === true &&
    typeof finalUrl === 'string' &&
    finalUrl !== link.destinationUrl;
  return (
    <div className="details-health">
      <p>{healthLine(health, Date.now())}</p>
      <div className="row">
        {offersOperation(offer, 'checkLink') && (
          <button type="button" disabled={checking} onClick={() => void checkNow()}>
            {checking ? t('healthChecking') : t('healthCheckNow')}
          </button>
        )}
        {movedForGood && (
          <button
            type="button"
            onClick={() =>
              void changeDestination(finalUrl, {
                from: link.destinationUrl,
                to: finalUrl,
                state: 'done',
              })
            }
          >
            {t('healthUseNewAddress')}
          </button>
        )}
      </div>
      {problem && (
        <div className="notice error" role="alert">
          <p>{problem.message}</p>
          {problem.advice && problem.advice !== problem.message && <p>{problem.advice}</p>}
        </div>
      )}
      <div role="status">
        {change && (
          <div className="notice deletion-status">
            <p>
              {change.state === 'done'
                ? t('healthNewAddressUsed', change.to)
                : t('healthNewAddressUndone', change.from)}
            </p>
            {change.state === 'done' && (
              <button
                type="button"
                onClick={() => void changeDestination(change.from, { ...change, state: 'undone' })}
              >
                {t('linksUndo')}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
