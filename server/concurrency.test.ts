import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, idOf, requestWithHost } from './test-helpers.ts';
import { startTestService, type TestService } from './test-service.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

describe('under concurrent load', () => {
  it('200 concurrent creates get 200 distinct generated back-halves', async () => {
    const api = apiAs(service.baseUrl, service.createAccount('many@example.com'));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        api.create({ destination_url: `https://example.com/${i}` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(200));
    const shortUrls = new Set(answers.map((answer) => answer.body.short_url));
    expect(shortUrls.size).toBe(200);
    const listed = (await api.list()).body.links;
    expect(listed).toHaveLength(200);
    expect(new Set(listed.map((link: { short_url: string }) => link.short_url))).toEqual(shortUrls);
  });

  it('50 concurrent creates of one back-half: one wins, 49 are told it is taken', async () => {
    const api = apiAs(service.baseUrl, service.createAccount('race@example.com'));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.create({ destination_url: `https://example.com/${i}`, back_half: 'contested' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect((await api.list()).body.links).toHaveLength(1);
  });

  it('1,000 concurrent redirects are all answered and counted exactly', async () => {
    const api = apiAs(service.baseUrl, service.createAccount('clicks@example.com'));
    const link = (
      await api.create({ destination_url: 'https://example.com/popular', back_half: 'popular' })
    ).body;
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 1000 }, () =>
          requestWithHost(service.service.port, '/popular', service.shortDomain, { agent }),
        ),
      );
      expect(answers.every((answer) => answer.status === 302)).toBe(true);
      expect(answers.every((answer) => answer.location === 'https://example.com/popular')).toBe(
        true,
      );
    } finally {
      agent.destroy();
    }
    expect((await api.get(idOf(link.short_url))).body.clicks).toBe(1000);
    expect((await api.list()).body.links[0].clicks).toBe(1000);
  });
});
