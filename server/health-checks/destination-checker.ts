// The checker that runs inside `serve`: it goes through every link once per interval, a few at a
// time, and stores what each destination answers (health-record.ts). The pace is the links'
// number over the interval, so 20,000 links a day are some 14 checks a minute, never all at once;
// a link is claimed with a lease in the database, so that several instances share the work and
// never check one link twice at once. Due times come from the service's clock (tests move it).
// While the service is busy (its event loop mostly working), a few checks start a second at most:
// the checks' connections and writes are work on the one thread the redirects run on.
import { performance } from 'node:perf_hooks';
import type { Clock } from '../shared/clock.ts';
import type { Logger } from '../shared/logger.ts';
import type { CheckClaim } from '../storage/destination-health.ts';
import type { DomainKey, Storage } from '../storage/storage.ts';
import { type CheckOptions, checkDestination, type DestinationState } from './check-destination.ts';
import { createCheckWriter } from './check-writes.ts';
import { type CheckOutcome, recordOf } from './health-record.ts';
import { createRequestLimiter, REQUESTS_IN_ALL, type RequestLimiter } from './request-limiter.ts';

export const DEFAULT_CHECK_INTERVAL_MS = 24 * 3_600_000;
/** Longer than a check can take: six hops, each a HEAD and a GET of 10 s. */
export const CHECK_LEASE_MS = 5 * 60_000;
/** A check asked for by hand, at most once a minute per link. */
export const CHECK_NOW_GAP_MS = 60_000;
/** How often the checker looks for due links (real time). */
const TICK_MS = 1_000;
/** Links claimed and not yet checked at most: enough to keep the request limiter's 8 busy. */
const CLAIMED_AT_MOST = REQUESTS_IN_ALL * 4;
/**
 * The share of the last tick the event loop spent working above which the service counts as busy
 * (with redirects, mostly): the checker then takes a back seat, since it may run late and they may
 * not.
 */
export const BUSY_LOOP_UTILIZATION = 0.5;
/** Links claimed a tick at most while the service is busy, and none between ticks. */
export const CLAIMED_WHILE_BUSY = 4;
/** How long the number of links is taken as known, for the pace. */
const COUNT_KEPT_MS = 60_000;

export type CheckerOptions = {
  store: Storage;
  clock: Clock;
  logger: Logger;
  /** Each link is checked once per interval. */
  intervalMs: number;
  /** The single check's options: private addresses allowed, resolver and timeouts (tests). */
  checkOptions?: CheckOptions;
  /** Counts each check by outcome (the metrics). */
  onChecked?: (outcome: CheckOutcome) => void;
};

export type DestinationChecker = ReturnType<typeof createDestinationChecker>;

export function createDestinationChecker(options: CheckerOptions) {
  const { store, clock, logger, intervalMs } = options;
  const limiter: RequestLimiter = createRequestLimiter();
  const check = (url: string): Promise<DestinationState> =>
    checkDestination(url, options.checkOptions);
  const writer = createCheckWriter(store);
  const inFlight = new Set<Promise<void>>();
  let allowance = 0;
  let lastTick = clock.now();
  let linkCount = 0;
  let countedAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let loopSince = performance.eventLoopUtilization();
  /** Whether the event loop was busy over the last tick (BUSY_LOOP_UTILIZATION). */
  let busy = false;
  let stopped = false;
  /** Set once stop() has given up waiting: a check that ends later writes nothing. */
  let abandoned = false;

  const hostOf = (url: string) => {
    try {
      return new URL(url).hostname;
    } catch {
      return '';
    }
  };

  /** Checks a claimed link and stores the result: at once when asked by hand, else batched. */
  async function runCheck(claim: CheckClaim, byHand = false): Promise<void> {
    const found = await limiter.run(hostOf(claim.destinationUrl), () =>
      check(claim.destinationUrl),
    );
    if (abandoned) return;
    const { record, outcome } = recordOf(found, claim.serverErrorsInRow, clock.now(), intervalMs);
    if (byHand) await store.recordCheck(claim, record);
    else await writer.record(claim, record);
    options.onChecked?.(outcome);
  }

  function track(claim: CheckClaim): Promise<void> {
    const running = runCheck(claim)
      .catch((error: unknown) => {
        if (!abandoned) logger.error(`Checking the destination of link ${claim.id} failed`, error);
      })
      .finally(() => {
        inFlight.delete(running);
        // A short interval may want more checks a second than one claim a tick holds.
        if (allowance >= 1 && !busy && !ticking && timer !== undefined) void tickLogged();
      });
    inFlight.add(running);
    return running;
  }

  async function tickLogged(): Promise<void> {
    if (ticking) return;
    ticking = true;
    try {
      await tick();
    } catch (error) {
      logger.error('The destination checker could not claim links', error);
    } finally {
      ticking = false;
    }
  }

  /** Claims the links due now at the interval's pace, and starts their checks. */
  async function tick(): Promise<Promise<void>[]> {
    if (stopped) return [];
    const now = clock.now();
    if (now - countedAt >= COUNT_KEPT_MS) {
      linkCount = await store.linkCount();
      countedAt = now;
    }
    allowance = Math.min(linkCount, allowance + (linkCount * (now - lastTick)) / intervalMs);
    lastTick = now;
    const room = Math.min(
      busy ? CLAIMED_WHILE_BUSY : CLAIMED_AT_MOST,
      CLAIMED_AT_MOST - inFlight.size,
    );
    const wanted = Math.min(Math.floor(allowance), room);
    if (wanted <= 0 || stopped) return [];
    const claims = await store.claimDueChecks(now, wanted, CHECK_LEASE_MS);
    // Nothing more is due: the pace is not saved up for a burst later.
    allowance = claims.length < wanted ? 0 : allowance - claims.length;
    return claims.map(track);
  }

  const schedule = () => {
    timer = setTimeout(() => {
      const loop = performance.eventLoopUtilization(loopSince);
      loopSince = performance.eventLoopUtilization();
      busy = loop.utilization > BUSY_LOOP_UTILIZATION;
      tick()
        .catch((error: unknown) =>
          logger.error('The destination checker could not claim links', error),
        )
        .finally(() => {
          if (!stopped) schedule();
        });
    }, TICK_MS);
    timer.unref();
  };

  return {
    start(): void {
      lastTick = clock.now();
      schedule();
    },

    /**
     * Checks every link due now, whatever the pace, and resolves once they are stored: for tests
     * that move the clock instead of waiting.
     */
    async checkDue(): Promise<void> {
      busy = false;
      for (;;) {
        countedAt = Number.NEGATIVE_INFINITY;
        allowance = Number.POSITIVE_INFINITY;
        const started = await tick();
        if (started.length === 0 && inFlight.size === 0) return;
        await Promise.all(started.length > 0 ? started : [...inFlight]);
      }
    },

    /**
     * Checks the account's link now: its new health once stored, `retryAt` when it was checked
     * by hand less than a minute ago or is being checked, undefined when there is no such link.
     */
    async checkNow(accountId: number, domain: DomainKey, backHalf: string) {
      const now = clock.now();
      const claim = await store.claimCheckNow(
        accountId,
        domain,
        backHalf,
        now,
        CHECK_LEASE_MS,
        CHECK_NOW_GAP_MS,
      );
      if (!claim || 'retryAt' in claim) return claim;
      await runCheck(claim.claimed, true);
      const link = await store.linkOf(accountId, domain, backHalf);
      return link && { link };
    },

    /** Stops claiming; waits up to `timeoutMs` for the checks running, then writes none of them. */
    async stop(timeoutMs: number): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => {
          waited = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(waited);
      abandoned = true;
      writer.drop();
    },

    /** Checks running or waiting for the request limiter (tests). */
    running: () => inFlight.size,
  };
}
