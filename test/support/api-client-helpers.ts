// Helpers of the extension's Vitest tests against the reference service: one service for the
// tests of a file, a client of it, and the typed error a call fails with.
import { afterAll, beforeAll } from 'vitest';
import { type ApiClient, type ApiClientOptions, createApiClient } from '../../lib/api/client.ts';
import { type ApiError, isApiError } from '../../lib/api/errors.ts';
import { startTestService, type TestService } from './test-service.ts';

/**
 * The reference service for the tests of the calling file: started before them (before the
 * file's own `beforeAll`s that come after this call), stopped after them.
 */
export function serviceForFile(): { readonly current: TestService } {
  const running: { current?: TestService } = {};
  beforeAll(async () => {
    running.current = await startTestService();
  });
  afterAll(() => running.current?.stop());
  return {
    get current() {
      if (!running.current)
        throw new Error('The service starts in beforeAll: ask for it in a test.');
      return running.current;
    },
  };
}

/** A client of `service` with `apiKey`, retrying at once where it retries. */
export const clientOf = (
  service: { baseUrl: string },
  apiKey: string,
  options: Partial<ApiClientOptions> = {},
): ApiClient => createApiClient({ baseUrl: service.baseUrl, apiKey, retryDelayMs: 1, ...options });

/** The typed error a call fails with; the test fails when it succeeds or fails otherwise. */
export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('Expected the call to fail.');
}
