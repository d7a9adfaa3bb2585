import { describe, expect, it } from 'vitest';
import { createRequestLimiter } from './request-limiter.ts';

/** A task that runs until the test ends it, recording that it started. */
function controlledTask(started: string[], name: string) {
  let end = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    task: async () => {
      started.push(name);
      await ended;
      return name;
    },
    end: () => end(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the request limiter', () => {
  it('runs at most two requests at once for one host, the third once one ends', async () => {
    const limiter = createRequestLimiter();
    const started: string[] = [];
    const tasks = ['a1', 'a2', 'a3'].map((name) => controlledTask(started, name));
    const results = tasks.map(({ task }) => limiter.run('a.example', task));
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    tasks[0]?.end();
    await settle();
    expect(started).toEqual(['a1', 'a2', 'a3']);
    for (const { end } of tasks) end();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3']);
  });

  it('counts a host alike whatever its case', async () => {
    const limiter = createRequestLimiter();
    const started: string[] = [];
    const tasks = ['A', 'b', 'c'].map((name) => controlledTask(started, name));
    limiter.run('Example.COM', tasks[0]?.task ?? (async () => ''));
    limiter.run('example.com', tasks[1]?.task ?? (async () => ''));
    limiter.run('EXAMPLE.com', tasks[2]?.task ?? (async () => ''));
    await settle();
    expect(started).toHaveLength(2);
    for (const { end } of tasks) end();
  });

  it('runs at most eight in all, and a busy host does not hold up the others behind it', async () => {
    const limiter = createRequestLimiter();
    const started: string[] = [];
    const hosts = ['a', 'a', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    const tasks = hosts.map((host, index) => ({
      host,
      ...controlledTask(started, `${host}${index}`),
    }));
    const results = tasks.map(({ host, task }) => limiter.run(host, task));
    await settle();
    expect(started).toEqual(['a0', 'a1', 'b3', 'c4', 'd5', 'e6', 'f7', 'g8']);
    expect(limiter.counts()).toEqual({ running: 8, waiting: 4 });

    tasks[4]?.end(); // c4 ends: the room goes to the oldest task that may run, a2 must still wait
    await settle();
    expect(started.at(-1)).toBe('h9');
    tasks[0]?.end(); // a0 ends: a2 may now run
    await settle();
    expect(started.at(-1)).toBe('a2');
    for (const { end } of tasks) end();
    await Promise.all(results);
    expect(limiter.counts()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the room of a task that fails, and hands its failure to the caller', async () => {
    const limiter = createRequestLimiter({ perHost: 1, inAll: 1 });
    const failing = limiter.run('a', async () => {
      throw new Error('no answer');
    });
    await expect(failing).rejects.toThrow('no answer');
    expect(await limiter.run('a', async () => 'next')).toBe('next');
  });
});
