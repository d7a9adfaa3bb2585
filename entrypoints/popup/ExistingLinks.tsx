import { ShortLink } from '../../components/shorten/ShortLink.tsx';
import { RecentClicks } from '../../components/stats/RecentClicks.tsx';
import { CopyButton } from '../../components/ui/CopyButton.tsx';
import { leadsNowhere } from '../../lib/api/link-health.ts';
import type { Link } from '../../lib/api/schemas.ts';
import { t } from '../../lib/i18n/t.ts';
import { type CopyFormat, formatForCopy } from '../../lib/links/copy-formats.ts';

/**
 * The links the account already has for the page, first in the popup: one per row, the link
 * ellipsised to fit, its Copy in a column and "Copied" in a space kept for it.
 */
export function ExistingLinks({
  links,
  copyAs,
  focusFirst,
  accountId,
}: {
  links: Link[];
  copyAs: CopyFormat;
  focusFirst: boolean;
  accountId: string;
}) {
  return (
    <section className="existing" aria-labelledby="existing-heading">
      <h2 id="existing-heading">{t('popupExistingHeading')}</h2>
      {links.some(leadsNowhere) && (
        <p className="notice error destination-warning">{t('popupDestinationBroken')}</p>
      )}
      <ul>
        {links.map((link, index) => (
          <li key={link.shortUrl} className="link-row">
            <ShortLink shortUrl={link.shortUrl} />
            <CopyButton
              text={link.shortUrl}
              content={formatForCopy(copyAs, link)}
              autoFocus={focusFirst && index === 0}
              className={index === 0 ? 'primary' : undefined}
            />
            <RecentClicks accountId={accountId} shortUrl={link.shortUrl} />
          </li>
        ))}
      </ul>
    </section>
  );
}
