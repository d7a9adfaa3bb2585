// A test that starts the command line gets the time a busy machine needs, or is told so at once.
import { describe, expect, it } from 'vitest';
import { expectTimeToStartProcesses, runCli, STARTS_PROCESSES } from './service-process.ts';

describe('a test that starts the command line', () => {
  it('is refused with Vitest’s 20 s, naming itself and STARTS_PROCESSES', () => {
    expect(() => runCli(['--help'])).toThrow(
      /^"is refused with Vitest’s 20 s, naming itself and STARTS_PROCESSES" starts the command line .* STARTS_PROCESSES /,
    );
  });

  it('may start it with STARTS_PROCESSES', STARTS_PROCESSES, () => {
    expect(() => expectTimeToStartProcesses()).not.toThrow();
  });
});
