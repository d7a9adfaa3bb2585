import './health.css';
import { useContext } from 'react';
import type { Link } from '../../../../lib/api/schemas.ts';
import type { ServiceOffer } from '../../../../lib/api/service-offer.ts';
import { BrowserChecksContext } from './browser-checks-context.ts';
import { healthBadge, shownHealth } from './health-view.ts';

/** A row's word for a destination that does not simply answer: in words, not colour alone. */
export function HealthBadge({ link, offer }: { link: Link; offer: ServiceOffer | undefined }) {
  const badge = healthBadge(shownHealth(link, offer, useContext(BrowserChecksContext)));
  if (!badge) return null;
  return (
    <>
      {' · '}
      <span className={`health-badge health-${badge.state}`}>{badge.text}</span>
    </>
  );
}
