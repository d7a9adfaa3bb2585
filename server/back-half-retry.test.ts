import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { apiAs } from './test-helpers.ts';
import { startTestService, type TestService } from './test-service.ts';

// A generator that repeats itself, to make collisions certain.
const sequence = vi.hoisted(() => ({ values: [] as string[] }));
vi.mock('./back-half.ts', () => ({
  generateBackHalf: () => sequence.values.shift() ?? 'exhaust',
}));

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

it('retries a generated back-half that collides with an existing one', async () => {
  const api = apiAs(service.baseUrl, service.createAccount('collide@example.com'));
  sequence.values = ['AAAAAAA', 'AAAAAAA', 'AAAAAAA', 'BBBBBBB'];
  const first = await api.create({ destination_url: 'https://example.com/1' });
  const second = await api.create({ destination_url: 'https://example.com/2' });
  expect(first.body.short_url).toMatch(/\/AAAAAAA$/);
  expect(second.status).toBe(200);
  expect(second.body.short_url).toMatch(/\/BBBBBBB$/);
});
