// "Check destinations" for a service that does not check them (its contract lacks
// destination_status): this browser asks each destination itself, with HEAD (GET when HEAD is
// refused), 4 at a time on the one bulk pool, without cookies and never with the API key (a plain
// fetch of the destination: the key goes only through lib/api). It needs the optional permission
// to reach any site (CHECK_ORIGINS), asked for when the person presses the button.
import { browser } from 'wxt/browser';
import type { DestinationHealth } from '../api/link-health.ts';
import { runBulk } from '../bulk/pool.ts';

/** Every site, as the manifest's optional_host_permissions names them. */
export const CHECK_ORIGINS = ['https://*/*', 'http://*/*'];
export const CHECKS_AT_ONCE = 4;
export const CHECK_TIMEOUT_MS = 10_000;

/** A check as this browser keeps it: for the destination it asked, and the 5xx answers in a row. */
export type BrowserCheck = {
  destinationUrl: string;
  health: DestinationHealth;
  serverErrorsInRow: number;
};

export async function hasCheckPermission(): Promise<boolean> {
  return browser.permissions.contains({ origins: CHECK_ORIGINS });
}

/** Call it before any other await in a click handler: the browser asks only during the click. */
export function requestCheckPermission(): Promise<boolean> {
  return browser.permissions.request({ origins: CHECK_ORIGINS });
}

type Fetch = typeof globalThis.fetch;

async function ask(fetch: Fetch, url: string, method: 'HEAD' | 'GET', signal: AbortSignal) {
  const response = await fetch(url, {
    method,
    credentials: 'omit',
    redirect: 'follow',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
    signal,
  });
  // Only the status and headers matter: the body is never read.
  await response.body?.cancel().catch(() => {});
  return response;
}

/**
 * One destination asked: `broken` for a 404 or 410, or a 5xx after a 5xx; `redirected` with where
 * it ended (whether for good, the browser does not tell); `unreachable` when no answer came (the
 * browser does not say why, beyond a timeout); `ok` otherwise.
 */
export async function checkInBrowser(
  destinationUrl: string,
  previous: BrowserCheck | undefined,
  { fetch = globalThis.fetch, timeoutMs = CHECK_TIMEOUT_MS, now = Date.now } = {},
): Promise<BrowserCheck> {
  const checkedAt = new Date(now()).toISOString();
  const base: DestinationHealth = {
    destinationCheckedAt: checkedAt,
    destinationStatusCode: null,
    destinationReason: null,
    destinationFinalUrl: null,
    destinationPermanent: null,
  };
  const before = previous?.destinationUrl === destinationUrl ? previous : undefined;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await ask(fetch, destinationUrl, 'HEAD', signal);
    if (response.status === 405 || response.status === 501) {
      response = await ask(fetch, destinationUrl, 'GET', signal);
    }
  } catch {
    const reason = signal.aborted ? 'timeout' : 'connection';
    return {
      destinationUrl,
      health: { ...base, destinationStatus: 'unreachable', destinationReason: reason },
      serverErrorsInRow: 0,
    };
  }
  const code = response.status;
  const answered = { ...base, destinationStatusCode: code };
  if (code >= 500) {
    const serverErrorsInRow = (before?.serverErrorsInRow ?? 0) + 1;
    const health: DestinationHealth =
      serverErrorsInRow >= 2
        ? { ...answered, destinationStatus: 'broken' }
        : (before?.health ?? { ...base, destinationStatus: 'unchecked' });
    return { destinationUrl, health, serverErrorsInRow };
  }
  if (code === 404 || code === 410) {
    return {
      destinationUrl,
      health: { ...answered, destinationStatus: 'broken' },
      serverErrorsInRow: 0,
    };
  }
  if (response.redirected && response.url && response.url !== destinationUrl) {
    return {
      destinationUrl,
      health: { ...answered, destinationStatus: 'redirected', destinationFinalUrl: response.url },
      serverErrorsInRow: 0,
    };
  }
  return { destinationUrl, health: { ...answered, destinationStatus: 'ok' }, serverErrorsInRow: 0 };
}

/** Checks each link's destination, 4 at a time, each result handed over as it comes. */
export async function checkAllInBrowser(
  links: readonly { shortUrl: string; destinationUrl: string }[],
  previous: ReadonlyMap<string, BrowserCheck>,
  onChecked: (shortUrl: string, check: BrowserCheck) => void,
  options: { fetch?: Fetch; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  await runBulk(
    links,
    async ({ shortUrl, destinationUrl }) => {
      const check = await checkInBrowser(destinationUrl, previous.get(shortUrl), options);
      onChecked(shortUrl, check);
      return check;
    },
    { concurrency: CHECKS_AT_ONCE, signal: options.signal },
  );
}
