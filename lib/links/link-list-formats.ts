// Several short links copied at once ("Shorten all tabs"): one a line, a Markdown list, or CSV for
// a spreadsheet. Pure text making, loaded with the view that copies it (papaparse comes along).
import { toCsv } from '../../contract/csv.ts';
import { formatForCopy } from './copy-formats.ts';

export const LIST_FORMATS = ['lines', 'markdown', 'csv'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

export type ListedLink = { shortUrl: string; title: string; destinationUrl: string };

const CSV_COLUMNS = ['title', 'destination_url', 'short_url'];

export function formatLinkList(format: ListFormat, links: readonly ListedLink[]): string {
  switch (format) {
    case 'lines':
      return links.map((link) => link.shortUrl).join('\n');
    case 'markdown':
      return links.map((link) => `- ${formatForCopy('markdown', link).text}`).join('\n');
    case 'csv':
      // Pasted, not saved: no byte-order mark; CRLF and quoted cells as RFC 4180 has them.
      return toCsv([
        CSV_COLUMNS,
        ...links.map((link) => [link.title, link.destinationUrl, link.shortUrl]),
      ]);
  }
}
