import { ShortLink } from '../../components/shorten/ShortLink.tsx';
import { CopyButton } from '../../components/ui/CopyButton.tsx';
import type { Link } from '../../lib/api/schemas.ts';
import { formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/t.ts';
import { type CopyFormat, formatForCopy } from '../../lib/links/copy-formats.ts';
import { displayAddress } from '../../lib/links/display-url.ts';

/** The page is itself one of the account's short links: that link, where it leads, its clicks. */
export function SelfShortLink({
  link,
  copyAs,
  focusCopy,
}: {
  link: Link;
  copyAs: CopyFormat;
  focusCopy: boolean;
}) {
  return (
    <section className="existing self-link" aria-labelledby="self-link-heading">
      <h2 id="self-link-heading">{t('popupSelfLinkHeading')}</h2>
      <div className="link-row">
        <ShortLink shortUrl={link.shortUrl} />
        <CopyButton
          text={link.shortUrl}
          content={formatForCopy(copyAs, link)}
          className="primary"
          autoFocus={focusCopy}
        />
      </div>
      {link.title && (
        <p className="link-title" dir="auto">
          {link.title}
        </p>
      )}
      <dl className="link-facts">
        <dt>{t('popupLeadsTo')}</dt>
        <dd>
          <a href={link.destinationUrl} target="_blank" rel="noreferrer" dir="ltr">
            {displayAddress(link.destinationUrl)}
          </a>
        </dd>
        <dt>{t('popupClicks')}</dt>
        <dd>{formatNumber(link.clicks)}</dd>
      </dl>
    </section>
  );
}

/** The page declares its own short link (`<link rel="shortlink">`): offered as it is. */
export function DeclaredShortLink({ shortUrl, title }: { shortUrl: string; title: string }) {
  return (
    <section className="existing declared-link" aria-labelledby="declared-heading">
      <h2 id="declared-heading">{t('popupDeclaredHeading')}</h2>
      <div className="link-row">
        <ShortLink shortUrl={shortUrl} />
        <CopyButton text={shortUrl} content={formatForCopy('link', { shortUrl, title })} />
      </div>
    </section>
  );
}
