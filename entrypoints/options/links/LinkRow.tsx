import { memo, useEffect, useRef } from 'react';
import { CopyButton } from '../../../components/ui/CopyButton.tsx';
import { CopyIcon, DeleteIcon, EditIcon, QrIcon } from '../../../components/ui/icons.tsx';
import { offeredLifecycle } from '../../../lib/api/link-lifecycle.ts';
import { isProtected } from '../../../lib/api/link-password.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import type { ServiceOffer } from '../../../lib/api/service-offer.ts';
import { t } from '../../../lib/i18n/t.ts';
import { decodeForDisplay } from '../../../lib/links/display-url.ts';
import { offeredTags } from '../../../lib/tags/link-tags.ts';
import { HealthBadge } from './health/HealthBadge.tsx';
import { ProtectedBadge } from './link-end/ProtectedBadge.tsx';
import {
  clicksText,
  createdLabel,
  endLabel,
  rowTitle,
  splitDestination,
  splitShortUrl,
} from './links-view.ts';
import { TagChips } from './tags/TagChips.tsx';

/** The words every row shows, read once: rows show other links many times a second in a scroll. */
let words: { details: string; qrCode: string; edit: string; delete: string; saved: string };
const rowWords = () =>
  (words ??= {
    details: t('linksDetails'),
    qrCode: t('resultQrCode'),
    edit: t('linksEdit'),
    delete: t('linksDelete'),
    saved: t('linksSaved'),
  });

/**
 * The short URL's two parts are flex items, which the browser copies on two lines: a selection
 * within it is copied as the one string it is.
 */
function copyAsOneString(event: React.ClipboardEvent<HTMLAnchorElement>) {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0) return;
  if (!event.currentTarget.contains(selection.getRangeAt(0).commonAncestorContainer)) return;
  event.clipboardData.setData('text/plain', selection.toString().replace(/\s+/g, ''));
  event.preventDefault();
}

export type RowActions = {
  onSelect: (shortUrl: string, selected: boolean) => void;
  onDetails: (shortUrl: string) => void;
  onQrCode: (shortUrl: string) => void;
  onEdit: (link: Link) => void;
  onDelete: (shortUrls: string[]) => void;
  /** The row's copy, handed to the section for the keyboard (null when the row shows another link). */
  onCopyReady: (shortUrl: string, copy: (() => Promise<void>) | null) => void;
};

/**
 * One link, title first: the title (or the destination's host) on its own line, then the short URL
 * and the destination, then clicks and date; the actions are icon buttons named by their label.
 * The short URL gives way from its host end, so its back-half stays readable at any width.
 */
export const LinkRow = memo(function LinkRow({
  link,
  now,
  selected,
  saved,
  offer,
  actions,
}: {
  link: Link;
  now: number;
  /** What the account's service offers: a link's end is shown only where it offers the field. */
  offer: ServiceOffer | undefined;
  selected: boolean;
  /** The link's edit was just saved: the row says so for a moment. */
  saved: boolean;
  actions: RowActions;
}) {
  const destination = splitDestination(link.destinationUrl);
  const shortUrl = splitShortUrl(link.shortUrl);
  const created = createdLabel(link.createdAt, now);
  const end = endLabel(offeredLifecycle(link, offer), link.clicks, now);
  const word = rowWords();
  const copy = useRef<() => Promise<void>>(null);
  const { onCopyReady } = actions;
  useEffect(() => {
    const copyThis = () => copy.current?.() ?? Promise.resolve();
    onCopyReady(link.shortUrl, copyThis);
    return () => onCopyReady(link.shortUrl, null);
  }, [link.shortUrl, onCopyReady]);
  return (
    <div className="link-row">
      <input
        type="checkbox"
        className="link-select"
        aria-label={t('linksSelectLink', link.shortUrl)}
        checked={selected}
        onChange={(event) => actions.onSelect(link.shortUrl, event.target.checked)}
      />
      <button
        type="button"
        className="link-title"
        aria-haspopup="dialog"
        title={word.details}
        dir="auto"
        onClick={() => actions.onDetails(link.shortUrl)}
      >
        {rowTitle(link)}
      </button>
      <div className="link-urls">
        {/* Named by the whole URL: its two parts are flex items, which a name would space apart. */}
        <a
          href={link.shortUrl}
          target="_blank"
          rel="noreferrer"
          className="short-url"
          dir="ltr"
          aria-label={link.shortUrl}
          onCopy={copyAsOneString}
        >
          <span className="short-url-host">{shortUrl.host}</span>
          <span className="short-url-path">{shortUrl.path}</span>
        </a>
        <span className="link-destination" title={link.destinationUrl} dir="ltr">
          <span className="destination-host">{destination.host}</span>
          <span className="destination-rest">{decodeForDisplay(destination.rest)}</span>
        </span>
      </div>
      <div className="link-meta">
        {clicksText(link.clicks)}
        {created.text && (
          <>
            {' · '}
            <time dateTime={link.createdAt} title={created.full}>
              {created.text}
            </time>
          </>
        )}
        {end && (
          <>
            {' · '}
            <span className="link-end">{end}</span>
          </>
        )}
        <HealthBadge link={link} offer={offer} />
        {isProtected(link, offer) && <ProtectedBadge />}
        <TagChips tags={offeredTags(link, offer)} />
      </div>
      <div className="link-actions">
        {/* Floats beside the buttons, where "Copied" does. */}
        <span role="status" className="row-saved">
          {saved ? word.saved : ''}
        </span>
        <CopyButton
          text={link.shortUrl}
          className="icon-button"
          icon={<CopyIcon />}
          copyRef={copy}
        />
        <button
          type="button"
          className="icon-button"
          aria-label={word.qrCode}
          title={word.qrCode}
          onClick={() => actions.onQrCode(link.shortUrl)}
        >
          <QrIcon />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={word.edit}
          title={word.edit}
          onClick={() => actions.onEdit(link)}
        >
          <EditIcon />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={word.delete}
          title={word.delete}
          onClick={() => actions.onDelete([link.shortUrl])}
        >
          <DeleteIcon />
        </button>
      </div>
    </div>
  );
});
