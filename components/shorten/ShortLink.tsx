import { t } from '../../lib/i18n/t.ts';
import { displayAddress } from '../../lib/links/display-url.ts';

/**
 * A short link made or found, opened in a new tab: shown as the address bar shows it (`display-url`),
 * its exact address on hover. Alone (the result, the links already made for the page) it is the
 * anchor only; in a list (all tabs, one link per channel) what it is for comes first, "made before"
 * beside it when the account already had the link.
 */
export function ShortLink({
  shortUrl,
  label,
  reused = false,
}: {
  shortUrl: string;
  /** In a list: what the link is for (a page's name, a channel), and that name's own hover text. */
  label?: { text: string; title: string };
  /** The account had this link before: not made now. */
  reused?: boolean;
}) {
  const anchor = (
    <a href={shortUrl} target="_blank" rel="noreferrer" title={shortUrl} dir="ltr">
      {displayAddress(shortUrl)}
    </a>
  );
  if (!label) return anchor;
  return (
    <>
      <span className="tab-line">
        <span className="tab-title" dir="auto" title={label.title}>
          {label.text}
        </span>
        {reused && <span className="tag">{t('tabsMadeBefore')}</span>}
      </span>
      {anchor}
    </>
  );
}
