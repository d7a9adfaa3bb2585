// What the service's statistics tests share: the User-Agents they click with, a GeoIP database
// of two networks, a clock they move, and one test service at a time, stopped after each test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { countryDatabase } from './mmdb.ts';
import { startTestService, type TestService } from './test-service.ts';

export const DAY = 86_400_000;
export { DESKTOP as CHROME_WINDOWS, GOOGLEBOT, IPHONE } from './visits.ts';

/** A clock the test moves; starts at noon UTC on 2026-11-26. */
export function testClock() {
  let now = Date.parse('2026-11-26T12:00:00Z');
  return { now: () => now, advanceDays: (days: number) => (now += days * DAY) };
}

/**
 * Registers the file's hooks: a GeoIP database (81.2.69.0/24 in GB, 2.16.0.0/13 in DE) made
 * before all its tests, and the service `start` starts stopped after each. Call it at the top
 * level of the test file.
 */
export function statsTestServices(name: string) {
  let dir = '';
  let running: TestService | undefined;
  const files = { geoipFile: '' };
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), `shortlink-${name}-`));
    files.geoipFile = path.join(dir, 'countries.mmdb');
    writeFileSync(
      files.geoipFile,
      countryDatabase([
        { network: '81.2.69.0/24', country: 'GB' },
        { network: '2.16.0.0/13', country: 'DE' },
      ]),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });
  return {
    /** The GeoIP database's path, once the file's tests have begun. */
    geoipFile: () => files.geoipFile,
    start: async (options: Parameters<typeof startTestService>[0] = {}) => {
      running = await startTestService(options);
      return running;
    },
    /** The current test stopped its service itself: nothing to stop after it. */
    forget: () => {
      running = undefined;
    },
  };
}
