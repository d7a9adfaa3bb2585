// Many requests at once: no duplicate back-half, exactly one winner, and every click counted.
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  api,
  backHalfOf,
  expectProblem,
  idOf,
  rawRequest,
} from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';

let t: TestService;
let agent: Agent;

beforeAll(async () => {
  t = await startTestService();
  agent = new Agent({ keepAlive: true, maxSockets: 50 });
});
afterAll(async () => {
  agent.destroy();
  await t.stop();
});

const newClient = async (email: string): Promise<Api> =>
  api(t.baseUrl, await t.createAccount(email));

describe('concurrent creates', () => {
  it('give 200 links with 200 different generated back-halves, all stored', async () => {
    const client = await newClient('many@example.com');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        client.create({ destination_url: `https://example.com/${i}`, title: `Link ${i}` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(200));
    const backHalves = answers.map((answer) => backHalfOf(answer.body.short_url));
    for (const backHalf of backHalves) expect(backHalf).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(new Set(backHalves).size).toBe(200);

    const { body } = await client.list();
    expect(body.links).toHaveLength(200);
    expect(new Set(body.links.map((link) => link.short_url))).toEqual(
      new Set(answers.map((answer) => answer.body.short_url)),
    );
    // Each stored link has the destination its own create sent.
    for (const link of body.links) {
      const i = Number(link.title.slice('Link '.length));
      expect(link.destination_url).toBe(`https://example.com/${i}`);
    }
  });

  it('of one custom back-half give exactly one 200 and 49 409s, and one stored link', async () => {
    const client = await newClient('race@example.com');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client.create({
          destination_url: `https://example.com/racer/${i}`,
          back_half: 'contested',
        }),
      ),
    );
    const winners = answers.filter((answer) => answer.status === 200);
    const losers = answers.filter((answer) => answer.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    for (const loser of losers) expectProblem(loser, 409, 'back_half_taken', 'back_half');

    const { body } = await client.list();
    expect(body.links).toHaveLength(1);
    expect(body.links[0]?.short_url).toBe(`${t.baseUrl}/contested`);
    expect(body.links[0]?.destination_url).toBe(winners[0]?.body.destination_url);
  });
});

describe('concurrent redirects', () => {
  it('answer 1,000 GETs with 302 and count exactly 1,000 clicks', async () => {
    const client = await newClient('clicks@example.com');
    const link = (await client.create({ destination_url: 'https://example.com/popular' })).body;
    const path = `/${backHalfOf(link.short_url)}`;

    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => rawRequest(t.baseUrl, path, { agent })),
    );
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(1000);
    expect(new Set(answers.map((answer) => answer.headers.location))).toEqual(
      new Set(['https://example.com/popular']),
    );

    expect((await client.retrieve(idOf(link.short_url))).body.clicks).toBe(1000);
    expect((await client.list()).body.links[0]?.clicks).toBe(1000);
  });

  it('count every click while the API reads the counts in between, and HEADs count none', async () => {
    const client = await newClient('busy@example.com');
    const link = (await client.create({ destination_url: 'https://example.com/busy' })).body;
    const path = `/${backHalfOf(link.short_url)}`;

    const requests: Promise<unknown>[] = [];
    for (let i = 0; i < 500; i++) {
      requests.push(rawRequest(t.baseUrl, path, { agent }));
      if (i % 5 === 0) requests.push(rawRequest(t.baseUrl, path, { agent, method: 'HEAD' }));
      if (i % 50 === 0) requests.push(client.retrieve(idOf(link.short_url)));
    }
    await Promise.all(requests);
    expect((await client.retrieve(idOf(link.short_url))).body.clicks).toBe(500);
  });

  it('count clicks on several links at once, each on its own', async () => {
    const client = await newClient('spread@example.com');
    const links = await Promise.all(
      [1, 2, 3, 4].map(
        async (n) =>
          (
            await client.create({
              destination_url: `https://example.com/${n}`,
              back_half: `spread${n}`,
            })
          ).body,
      ),
    );
    await Promise.all(
      links.flatMap((link, i) =>
        Array.from({ length: (i + 1) * 50 }, () =>
          rawRequest(t.baseUrl, `/${backHalfOf(link.short_url)}`, { agent }),
        ),
      ),
    );
    const counts = (await client.list()).body.links
      .map((link) => [backHalfOf(link.short_url), link.clicks])
      .sort();
    expect(counts).toEqual([
      ['spread1', 50],
      ['spread2', 100],
      ['spread3', 150],
      ['spread4', 200],
    ]);
  });
});

/** A request whose body is sent in two parts, the second when the test says so. */
function slowRequest(url: string, method: string, key: string, body: string) {
  const req = request(url, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    },
  });
  const answer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString()),
        }),
      );
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 5));
  return { answer, sendRest: () => req.end(body.slice(5)) };
}

describe('a PUT whose body arrives slowly', () => {
  it('answers 404 and changes nothing of another account when its link was deleted and replaced meanwhile', async () => {
    const keyA = await t.createAccount('slow-a@example.com');
    const keyB = await t.createAccount('slow-b@example.com');
    const a = api(t.baseUrl, keyA);
    const b = api(t.baseUrl, keyB);
    const linkA = (await a.create({ destination_url: 'https://a.example/', back_half: 'mine' }))
      .body;

    // A starts updating its link and sends 5 bytes of the body; the service has the headers.
    const put = slowRequest(
      `${t.baseUrl}/v1/links/${idOf(linkA.short_url)}`,
      'PUT',
      keyA,
      JSON.stringify({ destination_url: 'https://attacker.example/' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    // Meanwhile A deletes the link and B creates one: the newest row, where A's was.
    expect((await a.remove(idOf(linkA.short_url))).status).toBe(200);
    const linkB = (await b.create({ destination_url: 'https://b.example/', back_half: 'theirs' }))
      .body;
    const redirectB = () => rawRequest(t.baseUrl, '/theirs', { agent });
    expect((await redirectB()).headers.location).toBe('https://b.example/');

    put.sendRest();
    const answer = await put.answer;
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, code: 'not_found' });

    const storedB = (await b.retrieve(idOf(linkB.short_url))).body;
    expect(storedB.destination_url).toBe('https://b.example/');
    expect(storedB.title).toBe('');
    expect((await redirectB()).headers.location).toBe('https://b.example/');
    expect((await a.list()).body.links).toEqual([]);
  });

  it('of a link still there updates it once the body is complete', async () => {
    const key = await t.createAccount('slow-ok@example.com');
    const client = api(t.baseUrl, key);
    const link = (await client.create({ destination_url: 'https://a.example/', back_half: 'slow' }))
      .body;
    const put = slowRequest(
      `${t.baseUrl}/v1/links/${idOf(link.short_url)}`,
      'PUT',
      key,
      JSON.stringify({ destination_url: 'https://later.example/' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    put.sendRest();
    expect(await put.answer).toMatchObject({
      status: 200,
      body: { destination_url: 'https://later.example/' },
    });
    expect((await rawRequest(t.baseUrl, '/slow', { agent })).headers.location).toBe(
      'https://later.example/',
    );
  });
});
