import { t } from '../../lib/i18n/t.ts';
import { displayUrl } from '../../lib/links/display-host.ts';

/**
 * A short link made or found, opened in a new tab. Alone (the result) it is shown whole; in a list
 * (all tabs, one link per channel) what it is for comes first, "made before" beside it when the
 * account already had the link, and the link, cut to the row, shows its whole address on hover.
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
    <a href={shortUrl} target="_blank" rel="noreferrer" title={label && shortUrl} dir="ltr">
      {displayUrl(shortUrl)}
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
