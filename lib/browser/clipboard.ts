// Writing the clipboard from the background. Chrome's service worker has no DOM and no clipboard,
// so it asks an offscreen document to write; Firefox's background page writes it directly.
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';

export const OFFSCREEN_PAGE = '/offscreen.html';

export const CopyRequest = z.object({
  type: z.literal('copy-to-clipboard'),
  text: z.string(),
  /** Rich text put beside the plain text (the "HTML" copy format). */
  html: z.optional(z.string()),
});
export type CopyRequest = z.infer<typeof CopyRequest>;

export const CopyResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type CopyResult = z.infer<typeof CopyResult>;

let ensuringDocument: Promise<void> | undefined;

async function createOffscreenDocumentIfMissing(): Promise<void> {
  const [existing] = await browser.runtime.getContexts({
    contextTypes: ['OFFSCREEN_DOCUMENT'],
    documentUrls: [browser.runtime.getURL(OFFSCREEN_PAGE)],
  });
  if (existing) return;
  await browser.offscreen.createDocument({
    url: OFFSCREEN_PAGE,
    reasons: ['CLIPBOARD'],
    justification: 'Copy the short link you asked for to the clipboard.',
  });
}

/**
 * Two copies at once would both find no document and both create one; the second creation fails
 * with "Only a single offscreen document may be created". So the check and the creation run as
 * one step that later calls join.
 */
function ensureOffscreenDocument(): Promise<void> {
  ensuringDocument ??= createOffscreenDocumentIfMissing().finally(() => {
    ensuringDocument = undefined;
  });
  return ensuringDocument;
}

export async function copyFromBackground(text: string, html?: string): Promise<void> {
  if (!browser.offscreen) {
    // Firefox: its background page has a DOM. The async API can refuse a page without focus;
    // execCommand('copy') works there with the clipboardWrite permission.
    if (html !== undefined) copyWithTextarea(text, document, html);
    else await navigator.clipboard.writeText(text).catch(() => copyWithTextarea(text));
    return;
  }
  await ensureOffscreenDocument();
  const request: CopyRequest = { type: 'copy-to-clipboard', text, html };
  const answer = CopyResult.safeParse(await browser.runtime.sendMessage(request));
  if (!answer.success) throw new Error('The clipboard page did not answer.');
  if (!answer.data.ok) throw new Error(answer.data.error);
}

/** The offscreen document's side: answers a copy request, ignores every other message. */
export function answerCopyRequest(
  message: unknown,
  write: (text: string, html?: string) => void,
): CopyResult | undefined {
  const request = CopyRequest.safeParse(message);
  if (!request.success) return undefined;
  try {
    write(request.data.text, request.data.html);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Copies with a selected textarea. In an offscreen document navigator.clipboard.writeText fails
 * with "Document is not focused"; execCommand('copy') works with the clipboardWrite permission.
 * Rich text goes through the copy event, which may set any type beside the plain text.
 */
export function copyWithTextarea(text: string, doc: Document = document, html?: string): void {
  const textarea = doc.createElement('textarea');
  textarea.value = text;
  doc.body.append(textarea);
  const putBoth = (event: ClipboardEvent) => {
    if (!event.clipboardData || html === undefined) return;
    event.clipboardData.setData('text/plain', text);
    event.clipboardData.setData('text/html', html);
    event.preventDefault();
  };
  if (html !== undefined) doc.addEventListener('copy', putBoth);
  try {
    textarea.select();
    if (!doc.execCommand('copy')) throw new Error('The browser refused to copy to the clipboard.');
  } finally {
    if (html !== undefined) doc.removeEventListener('copy', putBoth);
    textarea.remove();
  }
}

/** Run by the offscreen document: answers copy requests from this extension. */
export function listenForCopyRequests(): void {
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (sender.id !== browser.runtime.id) return;
    const result = answerCopyRequest(message, (text, html) =>
      copyWithTextarea(text, document, html),
    );
    if (result) sendResponse(result);
  });
}
