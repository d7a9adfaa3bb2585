// Small helpers for the service's Vitest tests: the API calls of test-api.ts, and the check of an
// error answer.
import { expect } from 'vitest';
import type { Answer, ProblemJson } from './test-api.ts';

export * from './test-api.ts';

/** Checks an error answer: status, `{"success": false, code, message, field?}` and nothing else. */
export function expectProblem(
  answer: Answer<unknown>,
  status: number,
  code: string,
  field?: string,
): ProblemJson {
  const body = answer.body as ProblemJson;
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(body).toEqual({
    success: false,
    code,
    message: expect.stringMatching(/^[A-Z].+[.!]$/),
    ...(field === undefined ? {} : { field }),
  });
  return body;
}
