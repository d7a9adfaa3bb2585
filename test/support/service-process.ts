// The service as an operator runs it, in processes of its own through the command line
// (`serve --db …`), and redirects sent at it without pause: for the tests of several instances on
// one PostgreSQL database.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import type { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { TestRunner } from 'vitest';
import { rawRequest } from './test-api.ts';

const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));

export type ServiceProcess = {
  child: ChildProcess;
  baseUrl: string;
  /** The exit code, once it has exited. */
  exit: Promise<number | null>;
  /** Whether it has exited (by itself or not). */
  exited(): boolean;
  /** Everything it printed so far. */
  output(): string;
};

/**
 * The options of a test that starts the command line in processes of its own (`{ timeout }` for
 * `it` or `describe`; `.timeout` for a hook): each start takes a second or more on a busy
 * machine, and a few of them pass Vitest's 20 s for a whole test.
 */
export const STARTS_PROCESSES = { timeout: 60_000 } as const;

/**
 * Refuses to start a process for a test with less time than STARTS_PROCESSES gives: such a test
 * passes on a quiet machine and times out on a busy one. Every helper that starts the command
 * line calls it first; hooks have their own timeouts and pass.
 */
export function expectTimeToStartProcesses(): void {
  const test = TestRunner.getCurrentTest();
  if (test && test.timeout < STARTS_PROCESSES.timeout) {
    throw new Error(
      `"${test.name}" starts the command line in processes of its own, which takes seconds on a busy machine: give the test (or its describe) STARTS_PROCESSES from test/support/service-process.ts.`,
    );
  }
}

const children = new Set<ChildProcess>();

/** Kills every service process still running (for afterAll). */
export function killServiceProcesses(): void {
  for (const child of children) child.kill('SIGKILL');
}

/** Runs one command of the command line and resolves with what it printed. */
export function runCli(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  expectTimeToStartProcesses();
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** `serve --port 0 --db <db> …options`, rate limits off unless the options set them. */
export async function serveProcess(db: string, options: string[] = []): Promise<ServiceProcess> {
  expectTimeToStartProcesses();
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--db', db, ...options], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SHORTLINK_RATE_LIMIT: '0', SHORTLINK_ADDRESS_RATE_LIMIT: '0' },
  });
  children.add(child);
  let output = '';
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exited = true;
      children.delete(child);
      resolve(code);
    }),
  );
  const read = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const listening = () => {
      const found = /Listening on (http:\/\/localhost:\d+) \(/.exec(output);
      if (found) resolve(found[1] as string);
    };
    child.stdout?.on('data', listening);
    void exit.then((code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  return { child, baseUrl, exit, exited: () => exited, output: () => output };
}

/** Waits until `check` holds, trying every 50 ms; false when `timeoutMs` passed first. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<boolean> {
  for (const giveUpAt = Date.now() + timeoutMs; Date.now() < giveUpAt; ) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

export type BurstCounts = {
  /** Answers by status, per base URL. */
  answers: Map<string, Map<number, number>>;
  /** Requests that got no answer (the instance was gone), per base URL. */
  failures: Map<string, number>;
};

/**
 * Redirects of one short link sent without pause by `workers` loops per base URL until stop();
 * a loop whose instance is gone waits 10 ms between tries.
 */
export function redirectBurst(
  baseUrls: string[],
  path: string,
  options: { host: string; agent: Agent; workers: number },
) {
  let running = true;
  const counts: BurstCounts = { answers: new Map(), failures: new Map() };
  for (const baseUrl of baseUrls) {
    counts.answers.set(baseUrl, new Map());
    counts.failures.set(baseUrl, 0);
  }
  const loops = baseUrls.flatMap((baseUrl) =>
    Array.from({ length: options.workers }, async () => {
      const answers = counts.answers.get(baseUrl) as Map<number, number>;
      while (running) {
        try {
          const { status } = await rawRequest(baseUrl, path, options);
          answers.set(status, (answers.get(status) ?? 0) + 1);
        } catch {
          counts.failures.set(baseUrl, (counts.failures.get(baseUrl) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    }),
  );
  /** 302s answered so far (by one base URL, or all). */
  const redirected = (baseUrl?: string) => {
    let total = 0;
    for (const [url, answers] of counts.answers) {
      if (!baseUrl || url === baseUrl) total += answers.get(302) ?? 0;
    }
    return total;
  };
  return {
    counts,
    redirected,
    /** Answers other than 302, as `status: count` (none expected). */
    others() {
      const others: Record<string, number> = {};
      for (const answers of counts.answers.values()) {
        for (const [status, count] of answers) {
          if (status !== 302) others[status] = (others[status] ?? 0) + count;
        }
      }
      return others;
    },
    async stop(): Promise<void> {
      running = false;
      await Promise.all(loops);
    },
  };
}
