// The ways a short link is copied: the link alone, Markdown, rich text (HTML) or title and link.
// Pure text making; writing the clipboard is lib/browser/clipboard.ts's job.

import type { CopyFormat } from './copy-format-names.ts';

export { COPY_FORMATS, type CopyFormat } from './copy-format-names.ts';

/** What goes on the clipboard: always plain text, and rich text for HTML. */
export type ClipboardContent = { text: string; html?: string };

export type CopiedLink = { shortUrl: string; title: string };

/** A title on one line: a line break would end a Markdown link or a line of a list. */
const oneLine = (title: string) => title.replace(/\s+/g, ' ').trim();

/** Backslash before every character Markdown could read as syntax inside link text. */
const markdownText = (text: string) => text.replace(/[\\`*_{}[\]()<>#+!|~]/g, '\\$&');

/** Parentheses and spaces percent-encoded, so the destination never ends early. */
const markdownDestination = (url: string) =>
  url.replace(/[()\s<>]/g, (character) =>
    encodeURIComponent(character).replace('(', '%28').replace(')', '%29'),
  );

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const htmlText = (text: string) =>
  text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);

export function formatForCopy(
  format: CopyFormat,
  { shortUrl, title }: CopiedLink,
): ClipboardContent {
  const label = oneLine(title);
  switch (format) {
    case 'link':
      return { text: shortUrl };
    case 'markdown':
      return {
        text: label
          ? `[${markdownText(label)}](${markdownDestination(shortUrl)})`
          : `<${markdownDestination(shortUrl)}>`,
      };
    case 'html':
      return {
        text: shortUrl,
        html: `<a href="${htmlText(shortUrl)}">${htmlText(label || shortUrl)}</a>`,
      };
    case 'title-and-link':
      return { text: label ? `${label}\n${shortUrl}` : shortUrl };
  }
}
