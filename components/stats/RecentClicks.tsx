import { plural } from '../../lib/i18n/t.ts';
import { useClicksLastWeek } from './use-clicks-last-week.ts';

/** A link's clicks of the last 7 days in one line, or nothing while the record has not seen it. */
export function RecentClicks({ accountId, shortUrl }: { accountId: string; shortUrl: string }) {
  const clicks = useClicksLastWeek(accountId, shortUrl);
  if (clicks === undefined) return null;
  return <p className="recent-clicks hint">{plural('clicksLastWeek', clicks)}</p>;
}
