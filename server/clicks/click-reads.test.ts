// Click counts read while this instance's click writes are under way: an answer adds the clicks
// held in memory to those stored, and must count each exactly once however the read and the write
// overlap. The storage is wrapped to stretch the moments in which they could (see clicks.ts).
// Runs on SQLite and, in the PostgreSQL suite, on PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import { api, backHalfOf, idOf, rawRequest } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { type Storage, StorageUnavailable } from '../storage/storage.ts';

const onPostgres = process.env.SHORTLINK_TEST_ENGINE === 'postgres';
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A gate a wrapped storage call waits at, once `armed`, until the test opens it. */
function gate() {
  let open = () => {};
  let reached = () => {};
  const state = {
    armed: false,
    reached: new Promise<void>((resolve) => {
      reached = resolve;
    }),
    opened: new Promise<void>((resolve) => {
      open = resolve;
    }),
    async pass(): Promise<void> {
      if (!state.armed) return;
      state.armed = false;
      reached();
      await state.opened;
    },
    open: () => open(),
  };
  return state;
}

let t: TestService | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

/** A service on the wrapped storage, a key, and a link clicked three times. */
async function serviceWithClickedLink(wrap: (store: Storage) => Storage) {
  t = await startTestService({ wrapStorage: wrap });
  const key = await t.createAccount('reads@example.com');
  const client = api(t.baseUrl, key);
  const link = (await client.create({ destination_url: 'https://example.com/read' })).body;
  for (let i = 0; i < 3; i++) {
    expect((await rawRequest(t.baseUrl, `/${backHalfOf(link.short_url)}`)).status).toBe(302);
  }
  return { t, key, client, id: idOf(link.short_url) };
}

describe('a click count read while clicks are being written', () => {
  it('counts once the clicks whose write is committed but not yet known to be (retrieve, update, list)', async () => {
    const ackHeld = gate();
    ackHeld.armed = true;
    const { client, id } = await serviceWithClickedLink((store) => ({
      ...store,
      async addClicks(counts, batch) {
        await store.addClicks(counts, batch);
        // Committed: another read sees the clicks now, yet this process does not know it yet.
        await ackHeld.pass();
      },
    }));
    await ackHeld.reached;
    const answers = Promise.all([
      client.retrieve(id),
      client.update(id, { title: 'Read mid-write' }),
      client.list(),
    ]);
    await delay(100);
    ackHeld.open();
    const [retrieved, updated, listed] = await answers;
    expect(retrieved.body.clicks).toBe(3);
    expect(updated.body.clicks).toBe(3);
    expect(listed.body.links.map((link) => link.clicks)).toEqual([3]);
  });

  it('counts the clicks whose write lands while a read is on its way back', async () => {
    const readHeld = gate();
    let written: () => void = () => {};
    const clicksWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    const { client, id } = await serviceWithClickedLink((store) => ({
      ...store,
      async linkOf(accountId, domain, backHalf) {
        const link = await store.linkOf(accountId, domain, backHalf);
        // Read before the clicks were written; the answer is late.
        await readHeld.pass();
        return link;
      },
      async addClicks(counts, batch) {
        await store.addClicks(counts, batch);
        written();
      },
    }));
    readHeld.armed = true;
    const retrieved = client.retrieve(id);
    await readHeld.reached;
    // The counter writes every 200 ms; give it the chance to write before the read's answer.
    await Promise.race([clicksWritten, delay(1_000)]);
    readHeld.open();
    expect((await retrieved).body.clicks).toBe(3);
    await clicksWritten;
    expect((await client.retrieve(id)).body.clicks).toBe(3);
  });

  it.runIf(onPostgres)(
    'counts once the clicks of a write whose answer was lost after its commit, and the retry adds none',
    async () => {
      const calls: Promise<void>[] = [];
      const { t, key, client, id } = await serviceWithClickedLink((store) => ({
        ...store,
        addClicks(counts, batch) {
          const call = store.addClicks(counts, batch).then(() => {
            // The first write is committed, and its answer lost on the way back.
            if (calls.length === 1) throw new StorageUnavailable('the test dropped the answer');
          });
          calls.push(call.catch(() => {}));
          return call;
        },
      }));
      const settledCall = async (index: number) => {
        for (const giveUpAt = Date.now() + 10_000; !calls[index] && Date.now() < giveUpAt; )
          await delay(20);
        await calls[index];
      };
      await settledCall(0);
      // Stored, and held in memory too until the retry: the read tells which.
      expect((await client.retrieve(id)).body.clicks).toBe(3);
      await settledCall(1);
      expect((await t.storedLinks(key)).map((link) => link.clicks)).toEqual([3]);
      expect((await client.retrieve(id)).body.clicks).toBe(3);
    },
  );
});
