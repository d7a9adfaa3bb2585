import { memo } from 'react';
import { CopyButton } from '../../../components/CopyButton.tsx';
import type { Link } from '../../../lib/api/schemas.ts';
import { createdLabel, splitDestination } from './links-view.ts';

const clicks = new Intl.NumberFormat();

export const LinkRow = memo(function LinkRow({
  link,
  now,
  selected,
  onSelect,
  onQrCode,
  onEdit,
  onDelete,
}: {
  link: Link;
  now: number;
  selected: boolean;
  onSelect: (shortUrl: string, selected: boolean) => void;
  onQrCode: (shortUrl: string) => void;
  onEdit: (link: Link) => void;
  onDelete: (shortUrls: string[]) => void;
}) {
  const destination = splitDestination(link.destinationUrl);
  const created = createdLabel(link.createdAt, now);
  return (
    <div className="link-row">
      <input
        type="checkbox"
        aria-label={`Select ${link.shortUrl}`}
        checked={selected}
        onChange={(event) => onSelect(link.shortUrl, event.target.checked)}
      />
      <div className="link-text">
        <div className="link-line">
          <a href={link.shortUrl} target="_blank" rel="noreferrer" className="short-url">
            {link.shortUrl}
          </a>
          {link.title && <span className="link-title">{link.title}</span>}
        </div>
        <div className="link-line destination" title={link.destinationUrl}>
          <strong>{destination.host}</strong>
          <span>{destination.rest}</span>
        </div>
        <div className="link-line meta">
          <span>
            {clicks.format(link.clicks)} {link.clicks === 1 ? 'click' : 'clicks'}
          </span>
          {created.text && (
            <span>
              {' · '}
              <time dateTime={link.createdAt} title={created.full}>
                {created.text}
              </time>
            </span>
          )}
        </div>
      </div>
      <div className="link-actions">
        <CopyButton text={link.shortUrl} />
        <button type="button" onClick={() => onQrCode(link.shortUrl)}>
          QR code
        </button>
        <button type="button" onClick={() => onEdit(link)}>
          Edit
        </button>
        <button type="button" onClick={() => onDelete([link.shortUrl])}>
          Delete
        </button>
      </div>
    </div>
  );
});
