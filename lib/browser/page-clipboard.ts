// Writing the clipboard from an extension page (the popup, the options): plain text, or rich text
// with its plain twin, so a link pastes as a link in mail and documents and as the URL elsewhere.
import type { ClipboardContent } from '../links/copy-formats.ts';

export async function writeClipboard({ text, html }: ClipboardContent): Promise<void> {
  if (html !== undefined && typeof ClipboardItem !== 'undefined') {
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/plain': new Blob([text], { type: 'text/plain' }),
        'text/html': new Blob([html], { type: 'text/html' }),
      }),
    ]);
    return;
  }
  await navigator.clipboard.writeText(text);
}
