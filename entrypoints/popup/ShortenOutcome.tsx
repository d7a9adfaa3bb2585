import { lazy } from 'react';
import type { ServiceOffer } from '../../lib/api/service-offer.ts';
import type { CopyFormat } from '../../lib/links/copy-formats.ts';
import { Later, later } from './load-later.tsx';
import type { OutcomeState } from './use-outcome.ts';

const ErrorNotice = lazy(async () => ({ default: (await later()).ErrorNotice }));
const ShortenResult = lazy(async () => ({ default: (await later()).ShortenResult }));

/** Under the form: the short link made, with its copy formats and QR code, or why none was. */
export function ShortenOutcome({
  outcome,
  copyAs,
  accountId,
  offer,
  iconUrl,
  onOpenSettings,
  onRetry,
  onAllowAccess,
}: {
  outcome: OutcomeState;
  copyAs: CopyFormat;
  accountId: string;
  /** What the account's service offers (the QR code's scan marker). */
  offer: ServiceOffer | undefined;
  /** The page's icon, offered as the QR code's logo. */
  iconUrl: string | undefined;
  onOpenSettings: () => void;
  onRetry: () => void;
  onAllowAccess: () => void;
}) {
  const { failure, result } = outcome;
  return (
    <Later>
      {failure !== undefined && (
        <ErrorNotice
          error={failure}
          onOpenSettings={onOpenSettings}
          onRetry={onRetry}
          onAllowAccess={onAllowAccess}
        />
      )}
      {result && (
        <ShortenResult
          link={result.link}
          copied={result.copied}
          copyAs={copyAs}
          focusCopy
          accountId={accountId}
          offer={offer}
          siteIcon={{ url: iconUrl }}
        />
      )}
    </Later>
  );
}
