// A throw-away PostgreSQL cluster for tests and benchmarks: initdb in a temporary folder, started
// on a free port (TCP on 127.0.0.1 and a socket in that folder), removed at the end. initdb refuses
// to run as root, so as root the cluster runs as the `postgres` user Debian's package creates.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

const PG_BIN = process.env.SHORTLINK_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export type PostgresCluster = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: the maintenance database. */
  url: string;
  port: number;
  /** A URL for another database of this cluster. */
  urlOf(database: string): string;
  /** The process ids of the server and of its backends now (for measuring their CPU time). */
  processIds(): number[];
  /**
   * Stops the server and keeps its files, as an outage would: `fast` ends every session cleanly,
   * `immediate` kills them as a crash does. Only for a cluster a test has to itself.
   */
  stopServer(mode: 'fast' | 'immediate'): void;
  /** Starts it again after stopServer, on the same port. */
  startServer(): void;
  stop(): void;
};

export function postgresAvailable(): boolean {
  return existsSync(path.join(PG_BIN, 'initdb'));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function systemUser(name: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * `durable`: commits acknowledged only once in the write-ahead log (PostgreSQL's default), for a
 * test that crashes the server; otherwise the last commits acknowledged may be lost with it.
 */
export async function startPostgresCluster({
  durable = false,
}: {
  durable?: boolean;
} = {}): Promise<PostgresCluster> {
  if (!postgresAvailable()) {
    throw new Error(
      `PostgreSQL is not installed (no ${PG_BIN}/initdb): apt-get install postgresql, or set SHORTLINK_PG_BIN.`,
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(path.join(PG_BIN, command), args, { stdio: 'pipe' });
  if (asRoot) {
    const postgres = systemUser('postgres');
    chownSync(dir, postgres.uid, postgres.gid);
  }
  chmodSync(dir, 0o700);
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-h 127.0.0.1',
    // A test cluster: speed over durability, and room for several services' connections. (With
    // fsync off, what was written survives the server's crash, not the machine's.)
    '-c fsync=off',
    durable ? '' : '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf('postgres'),
    port,
    urlOf,
    processIds() {
      const postmaster = Number(
        readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      const children = readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            // Field 4 of /proc/PID/stat is the parent's id (after the name in parentheses).
            const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
            return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
          } catch {
            return false;
          }
        })
        .map(Number);
      return [postmaster, ...children];
    },
    stopServer(mode) {
      run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    startServer: start,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

let databases = 0;

/** A fresh, empty database in the cluster at `maintenanceUrl`; drop() removes it. */
export async function createDatabase(
  maintenanceUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shortlink_${process.pid}_${++databases}_${Date.now().toString(36)}`;
  const admin = postgres(maintenanceUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const again = postgres(maintenanceUrl, { max: 1, onnotice: () => {} });
      try {
        await again.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end();
      }
    },
  };
}
