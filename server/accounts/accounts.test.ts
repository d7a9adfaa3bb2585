// Accounts are walled off from each other: links, lists and custom domains.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  api,
  expectProblem,
  idOf,
  type LinkJson,
  rawRequest,
} from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { createKey } from './admin.ts';

let t: TestService;
let alice: Api;
let bob: Api;
let alicesLink: LinkJson;
let bobsLink: LinkJson;

beforeAll(async () => {
  t = await startTestService();
  alice = api(t.baseUrl, await t.createAccount('alice@example.com'));
  bob = api(t.baseUrl, await t.createAccount('bob@example.com'));
  await t.addDomain('alice@example.com', 'alice.localhost');
  alicesLink = (
    await alice.create({
      destination_url: 'https://example.com/alice',
      back_half: 'alices',
      title: 'Alice’s',
    })
  ).body;
  bobsLink = (await bob.create({ destination_url: 'https://example.com/bob', back_half: 'bobs' }))
    .body;
  await rawRequest(t.baseUrl, '/alices');
});
afterAll(async () => {
  await t.stop();
});

const asStored = async (client: Api, link: LinkJson) =>
  (await client.retrieve(idOf(link.short_url))).body;

describe('two accounts', () => {
  it('cannot retrieve, update or delete each other’s links, and nothing changes', async () => {
    const before = await asStored(alice, alicesLink);
    expect(before.clicks).toBe(1);
    for (const id of [idOf(alicesLink.short_url), `${t.shortDomain}%2Falices`]) {
      expectProblem(await bob.retrieve(id), 404, 'not_found');
      expectProblem(await bob.update(id, { title: 'Bob was here' }), 404, 'not_found');
      expectProblem(
        await bob.update(id, { destination_url: 'https://evil.example/' }),
        404,
        'not_found',
      );
      expectProblem(await bob.remove(id), 404, 'not_found');
    }
    expect(await asStored(alice, alicesLink)).toEqual(before);
    expect((await rawRequest(t.baseUrl, '/alices')).headers.location).toBe(
      'https://example.com/alice',
    );
  });

  it('answers another account’s link exactly as a link that does not exist', async () => {
    const theirs = await bob.retrieve(idOf(alicesLink.short_url));
    const nobodys = await bob.retrieve(`${t.shortDomain}/nobodys`);
    expect(theirs.status).toBe(nobodys.status);
    expect(theirs.body).toEqual(nobodys.body);
  });

  it('see only their own links in their lists', async () => {
    const alicesList = (await alice.list()).body.links.map((link) => link.short_url);
    const bobsList = (await bob.list()).body.links.map((link) => link.short_url);
    expect(alicesList).toContain(alicesLink.short_url);
    expect(alicesList).not.toContain(bobsLink.short_url);
    expect(bobsList).toContain(bobsLink.short_url);
    expect(bobsList).not.toContain(alicesLink.short_url);
  });

  it('cannot use each other’s custom domain, and the refused create stores nothing', async () => {
    const before = (await bob.list()).body;
    for (const domain of [
      'alice.localhost',
      'ALICE.localhost',
      `alice.localhost:${t.service.port}`,
    ]) {
      const problem = expectProblem(
        await bob.create({ destination_url: 'https://example.com/', domain }),
        400,
        'unknown_domain',
        'domain',
      );
      expect(problem.message).toContain(domain);
    }
    expect((await bob.list()).body).toEqual(before);

    const own = await alice.create({
      destination_url: 'https://example.com/',
      domain: 'alice.localhost',
    });
    expect(own.status).toBe(200);
  });

  it('see only their own custom domains', async () => {
    expect((await alice.domains()).body.domains.map((d) => d.domain)).toEqual(['alice.localhost']);
    expect((await bob.domains()).body.domains).toEqual([]);
  });
});

describe('one account with two keys', () => {
  it('sees the same links with either key, and keeps the other key when one is revoked', async () => {
    const first = await t.createAccount('carol@example.com');
    const second = await createKey(t.service.store, 'carol@example.com');
    const viaFirst = api(t.baseUrl, first);
    const viaSecond = api(t.baseUrl, second);
    const link = (await viaFirst.create({ destination_url: 'https://example.com/carol' })).body;
    expect((await viaSecond.retrieve(idOf(link.short_url))).status).toBe(200);

    await t.revokeKey(first);
    expectProblem(await viaFirst.list(), 401, 'unauthorized');
    expect((await viaSecond.list()).body.links.map((l) => l.short_url)).toEqual([link.short_url]);
  });
});
