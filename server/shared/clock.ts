// The service's time for what it stamps: the creation times of links, accounts, keys and domains,
// and the UTC day a click is counted on. One clock, passed down from startService, so that a test
// can set it; the system's by default. Durations (timeouts, retries, rate-limit windows) are
// measured on the system's time, which a test's clock must not stretch.
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };
