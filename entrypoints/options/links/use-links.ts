import { useCallback, useEffect, useRef, useState } from 'react';
import {
  changeCachedLinks,
  readCachedLinks,
  writeCachedLinks,
} from '../../../lib/account/cache.ts';
import type { Connection } from '../../../lib/account/connection.ts';
import { createApiClient } from '../../../lib/api/client.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import { takeCachedLinksReadAtStart } from '../early-start.ts';

export type LinksState = {
  links: Link[] | undefined;
  /** When the links on screen were fetched. */
  fetchedAt: number | undefined;
  loading: boolean;
  /** Why the last refresh failed; the links on screen are then older. */
  error: unknown;
};

const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The account's links: the cached list at once, then the service's; changes kept in the cache. */
export function useLinks(connection: Connection) {
  const { apiBaseUrl, apiKey } = connection;
  const [state, setState] = useState<LinksState>({
    links: undefined,
    fetchedAt: undefined,
    loading: true,
    error: undefined,
  });
  const generation = useRef(0);

  const refresh = useCallback(async () => {
    const current = ++generation.current;
    const conn = { apiBaseUrl, apiKey };
    setState((now) => ({ ...now, loading: true }));
    try {
      const links = await createApiClient({ baseUrl: apiBaseUrl, apiKey }).listLinks();
      if (current !== generation.current) return;
      setState({ links, fetchedAt: Date.now(), loading: false, error: undefined });
      // Serializing tens of thousands of links takes a while: draw them first, store them after.
      await afterNextPaint();
      await writeCachedLinks(conn, links);
    } catch (error) {
      if (current !== generation.current) return;
      setState((now) => ({ ...now, loading: false, error }));
    }
  }, [apiBaseUrl, apiKey]);

  useEffect(() => {
    let live = true;
    setState({ links: undefined, fetchedAt: undefined, loading: true, error: undefined });
    const readCache = takeCachedLinksReadAtStart() ?? readCachedLinks;
    readCache({ apiBaseUrl, apiKey })
      .then((cached) => {
        if (live && cached)
          setState((now) =>
            now.links ? now : { ...now, links: cached.value, fetchedAt: cached.fetchedAt },
          );
      })
      .catch(() => {})
      .finally(() => {
        if (live) refresh();
      });
    return () => {
      live = false;
    };
  }, [apiBaseUrl, apiKey, refresh]);

  /** Changes the links on screen and in the cache the same way. */
  const change = useCallback(
    (update: (links: Link[]) => Link[]) => {
      setState((now) => (now.links ? { ...now, links: update(now.links) } : now));
      return changeCachedLinks({ apiBaseUrl, apiKey }, update).catch(() => {});
    },
    [apiBaseUrl, apiKey],
  );

  return { ...state, refresh, change };
}
