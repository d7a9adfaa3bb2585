import './health.css';
import { offeredHealth } from '../../../../lib/api/link-health.ts';
import type { Link } from '../../../../lib/api/schemas.ts';
import type { ServiceOffer } from '../../../../lib/api/service-offer.ts';
import { healthBadge } from './health-view.ts';

/** A row's word for a destination that does not simply answer: in words, not colour alone. */
export function HealthBadge({ link, offer }: { link: Link; offer: ServiceOffer | undefined }) {
  const badge = healthBadge(offeredHealth(link, offer));
  if (!badge) return null;
  return (
    <>
      {' · '}
      <span className={`health-badge health-${badge.state}`}>{badge.text}</span>
    </>
  );
}
