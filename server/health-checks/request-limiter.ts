// How many destination requests run at once: a few per host, so that the checker never weighs on
// one site however many links point at it, and a few in all, so that checks never crowd out the
// redirects the service is for. Tasks wait in the order they came; a task whose host is busy does
// not hold up the tasks behind it for other hosts.

export const REQUESTS_PER_HOST = 2;
export const REQUESTS_IN_ALL = 8;

type Waiting = { host: string; start: () => void };

export type RequestLimiter = ReturnType<typeof createRequestLimiter>;

export function createRequestLimiter(
  limits = { perHost: REQUESTS_PER_HOST, inAll: REQUESTS_IN_ALL },
) {
  const runningPerHost = new Map<string, number>();
  let runningInAll = 0;
  const waiting: Waiting[] = [];

  const hasRoomFor = (host: string) =>
    runningInAll < limits.inAll && (runningPerHost.get(host) ?? 0) < limits.perHost;

  const startNext = () => {
    for (let index = 0; index < waiting.length && runningInAll < limits.inAll; ) {
      const next = waiting[index] as Waiting;
      if (!hasRoomFor(next.host)) {
        index += 1;
        continue;
      }
      waiting.splice(index, 1);
      next.start();
    }
  };

  return {
    /** Runs the task once its host and the whole checker have room, and frees the room after. */
    run<T>(host: string, task: () => Promise<T>): Promise<T> {
      const key = host.toLowerCase();
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          runningInAll += 1;
          runningPerHost.set(key, (runningPerHost.get(key) ?? 0) + 1);
          const finish = () => {
            runningInAll -= 1;
            const left = (runningPerHost.get(key) ?? 1) - 1;
            if (left === 0) runningPerHost.delete(key);
            else runningPerHost.set(key, left);
            startNext();
          };
          Promise.resolve().then(task).then(resolve, reject).finally(finish);
        };
        waiting.push({ host: key, start });
        startNext();
      });
    },
    /** How many tasks run and wait now (for metrics and tests). */
    counts() {
      return { running: runningInAll, waiting: waiting.length };
    },
  };
}
