// Reading an answer's body only up to a size: a service may publish anything at an address, and a
// page must not hold megabytes it will throw away.

/**
 * The body as text, or undefined when it is longer than `maxBytes` (the rest is not read). A body
 * still arriving after `timeoutMs` fails as a timeout (a DOMException named TimeoutError, as ky's).
 */
export async function readTextAtMost(
  response: Response,
  maxBytes: number,
  timeoutMs: number,
): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel().catch(() => {});
  }, timeoutMs);
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
  }
  if (timedOut) throw new DOMException('The answer did not arrive in time.', 'TimeoutError');
  return text + decoder.decode();
}
