/** A fixed-window request counter per key, in memory (one service process). */
export function createRateLimiter(limitPerWindow: number, windowMs = 60_000) {
  const windows = new Map<string, { startedAt: number; count: number }>();

  return {
    /** Counts one request; returns the seconds to wait when over the limit, else 0. */
    take(key: string, now = Date.now()): number {
      if (limitPerWindow <= 0) return 0;
      let window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
        if (windows.size > 100_000) windows.clear();
        window = { startedAt: now, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      if (window.count <= limitPerWindow) return 0;
      return Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
    },
  };
}
