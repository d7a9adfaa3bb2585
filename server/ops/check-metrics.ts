// The destination checker's metric: checks by outcome, counted in plain numbers and handed to
// prom-client when scraped, as the redirects' are (metrics.ts).
import { Counter, type Registry } from 'prom-client';

/** Every outcome a check can have, so that each series exists from the start (at 0). */
const OUTCOMES = ['ok', 'redirected', 'broken', 'server_error', 'unreachable', 'unchecked'];

export function createCheckMetrics(registers: Registry[]) {
  const checks = new Map<string, number>(OUTCOMES.map((outcome) => [outcome, 0]));
  new Counter({
    name: 'shortlink_destination_checks_total',
    help: 'Destinations checked, by outcome: the state stored, or server_error for a first 5xx (broken at the second in a row).',
    labelNames: ['outcome'],
    registers,
    collect() {
      this.reset();
      for (const [outcome, count] of checks) this.inc({ outcome }, count);
    },
  });
  return {
    /** Counts one check of the destination checker by its outcome. */
    countCheck(outcome: string): void {
      checks.set(outcome, (checks.get(outcome) ?? 0) + 1);
    },
  };
}
