import { useCallback, useEffect, useState } from 'react';
import { readCachedDomains, writeCachedDomains } from '../../../lib/account/cache.ts';
import { type Connection, connectionTag } from '../../../lib/account/connection.ts';
import { createApiClient } from '../../../lib/api/client.ts';
import type { Domain } from '../../../lib/api/schemas.ts';

export type DomainsState = {
  /** The last list known for this connection, cached or fresh; undefined until there is one. */
  domains?: Domain[];
  refreshing: boolean;
  /** Why the last refresh failed; the list above is kept. */
  error?: unknown;
};

/** The account's custom domains: the cached list at once, then the service's, cached in turn. */
export function useDomains({ apiBaseUrl, apiKey }: Connection): [DomainsState, () => void] {
  const [state, setState] = useState<DomainsState & { tag?: string }>({ refreshing: false });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of attempt is a request to refresh.
  useEffect(() => {
    if (!apiKey) {
      setState({ refreshing: false });
      return;
    }
    const connection = { apiBaseUrl, apiKey };
    const tag = connectionTag(connection);
    const controller = new AbortController();
    let current = true;
    // A retry keeps the list shown; another connection's list is never shown.
    setState((now) => ({
      tag,
      domains: now.tag === tag ? now.domains : undefined,
      refreshing: true,
    }));
    void (async () => {
      const cached = await readCachedDomains(connection).catch(() => undefined);
      if (current && cached) setState((now) => ({ ...now, domains: now.domains ?? cached.value }));
      try {
        const client = createApiClient({ baseUrl: apiBaseUrl, apiKey });
        const fresh = await client.listDomains({ signal: controller.signal });
        if (!current) return;
        setState({ tag, domains: fresh, refreshing: false });
        await writeCachedDomains(connection, fresh);
      } catch (error) {
        if (current) setState((now) => ({ ...now, refreshing: false, error }));
      }
    })();
    return () => {
      current = false;
      controller.abort();
    };
  }, [apiBaseUrl, apiKey, attempt]);

  return [state, retry];
}
