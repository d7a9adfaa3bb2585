// What one check leaves on its link: the state found, turned into the stored health, and when the
// link is checked next. A 5xx is a server's passing trouble until the next check finds one too.
import type { CheckRecord, DestinationHealth } from '../storage/destination-health.ts';
import type { DestinationState } from './check-destination.ts';

/** A first 5xx is looked at again soon, not a whole interval later: an hour, or the interval. */
export const SERVER_ERROR_RECHECK_MS = 3_600_000;

/** How many 5xx answers in a row make a link broken. */
export const SERVER_ERRORS_BROKEN = 2;

/** The outcome a check counts as in the metrics: the state stored, or `server_error` for a first 5xx. */
export type CheckOutcome = DestinationHealth['destinationStatus'] | 'server_error';

export function recordOf(
  found: DestinationState,
  serverErrorsBefore: number,
  now: number,
  intervalMs: number,
): { record: CheckRecord; outcome: CheckOutcome } {
  const nextCheckAt = now + intervalMs;
  const health = (fields: Omit<DestinationHealth, 'destinationCheckedAt'>): DestinationHealth => ({
    ...fields,
    destinationCheckedAt: now,
  });
  switch (found.state) {
    case 'ok':
      return {
        outcome: 'ok',
        record: {
          serverErrorsInRow: 0,
          nextCheckAt,
          health: health({
            destinationStatus: 'ok',
            destinationStatusCode: found.status,
            destinationReason: null,
            destinationFinalUrl: null,
          }),
        },
      };
    case 'redirected':
      return {
        outcome: 'redirected',
        record: {
          serverErrorsInRow: 0,
          nextCheckAt,
          health: health({
            destinationStatus: 'redirected',
            destinationStatusCode: found.status,
            destinationReason: found.permanent ? 'permanent' : 'temporary',
            destinationFinalUrl: found.finalUrl,
          }),
        },
      };
    case 'broken': {
      const serverErrorsInRow = found.transient ? serverErrorsBefore + 1 : 0;
      if (found.transient && serverErrorsInRow < SERVER_ERRORS_BROKEN) {
        // The stored state stays until a second 5xx confirms it.
        const recheckAt = now + Math.min(intervalMs, SERVER_ERROR_RECHECK_MS);
        return {
          outcome: 'server_error',
          record: { serverErrorsInRow, nextCheckAt: recheckAt, health: undefined },
        };
      }
      return {
        outcome: 'broken',
        record: {
          serverErrorsInRow,
          nextCheckAt,
          health: health({
            destinationStatus: 'broken',
            destinationStatusCode: found.status,
            destinationReason: null,
            destinationFinalUrl: found.finalUrl ?? null,
          }),
        },
      };
    }
    case 'unreachable':
      return {
        outcome: 'unreachable',
        record: {
          serverErrorsInRow: 0,
          nextCheckAt,
          health: health({
            destinationStatus: 'unreachable',
            destinationStatusCode: null,
            destinationReason: found.reason,
            destinationFinalUrl: null,
          }),
        },
      };
    case 'unchecked':
      return {
        outcome: 'unchecked',
        record: {
          serverErrorsInRow: 0,
          nextCheckAt,
          health: health({
            destinationStatus: 'unchecked',
            destinationStatusCode: null,
            destinationReason: found.reason,
            destinationFinalUrl: null,
          }),
        },
      };
  }
}
