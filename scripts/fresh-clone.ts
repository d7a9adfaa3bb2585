// `npm run test:fresh-clone`: README's Quick start, as a new user runs it, on a clean clone of the
// committed HEAD, with the machine's own Node and npm (whatever `node` is on PATH once this
// project's node_modules/.bin and any Node fetched by .ci/run are left out; v20 on these machines):
//   npm install && npm start
// `npm start` runs with SHORTLINK_NO_BROWSER=1 on a free port until it prints the service's
// address and its API answers the printed demo key; then Ctrl-C must stop it cleanly.
// The npm cache in HOME is reused, so packages are not downloaded again.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const STEP_TIMEOUT_MS = 5 * 60_000;

/** PATH without node_modules/.bin folders and the Node that .ci/run may have fetched. */
function machinePath(): string {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !/node_modules[\\/](\.bin|node[\\/]bin)$/.test(dir))
    .join(path.delimiter);
}

/** The environment of a person's shell: no npm_* variables from the `npm run` running this. */
function machineEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(name) && name !== 'INIT_CWD') env[name] = value;
  }
  return { ...env, PATH: machinePath() };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('No free port.');
  return address.port;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): string {
  return execFileSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    timeout: STEP_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Like run, for a command whose warnings matter too: what it printed on both streams. */
function runPrinting(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): string {
  const done = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: STEP_TIMEOUT_MS });
  const printed = `${done.stdout}${done.stderr}`;
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${printed}`);
  return printed;
}

/** Resolves with everything printed once `pattern` appears; rejects on exit or timeout. */
function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  let printed = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Nothing matched ${pattern} in ${timeoutMs} ms:\n${printed}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      if (pattern.test(printed)) {
        clearTimeout(timer);
        resolve(printed);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before ${pattern}:\n${printed}`));
    });
  });
}

/** What Ctrl-C does in a terminal: the signal goes to every process of the foreground group. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has already gone.
  }
}

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-fresh-clone-'));
const env = machineEnv();
let start: ChildProcess | undefined;

try {
  const nodeVersion = run('node', ['--version'], dir, env).trim();
  const npmVersion = run('npm', ['--version'], dir, env).trim();
  console.log(
    `fresh clone: ${head.slice(0, 12)} in ${dir}, machine's node ${nodeVersion}, npm ${npmVersion}`,
  );
  run('git', ['clone', '--quiet', '--no-checkout', repo, dir], dir, env);
  run('git', ['checkout', '--quiet', head], dir, env);

  const installed = runPrinting('npm', ['install', '--no-audit', '--no-fund'], dir, env);
  // Dependencies may name the machine's Node in their warnings; the project itself must not: its
  // scripts run on the Node it brings, so it asks of the machine's Node only what runs npm.
  const ownEngine = /EBADENGINE.*\n.*package: 'shortlink-extension@/.exec(installed);
  if (ownEngine) throw new Error(`npm install warns about the project itself:\n${installed}`);
  // npm 11 runs install scripts not named in package.json's allowScripts but warns; npm 12 skips
  // them. Every dependency with one is named there, allowed or not.
  if (/not yet covered by allowScripts/.test(installed)) {
    throw new Error(`npm install names install scripts allowScripts does not cover:\n${installed}`);
  }
  const scriptsNode = run('npm', ['exec', '--', 'node', '--version'], dir, env).trim();
  console.log(
    `fresh clone: npm install done (${seconds()}); npm scripts run on node ${scriptsNode}`,
  );
  if (!/^v(2[4-9]|[3-9]\d)\./.test(scriptsNode)) {
    throw new Error(`npm scripts run on node ${scriptsNode}, not the project's Node 24.`);
  }

  const port = await freePort();
  start = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...env, SHORTLINK_NO_BROWSER: '1', SHORTLINK_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, which Ctrl-C signals as a whole, as a terminal does.
    detached: true,
  });
  const baseUrl = `http://localhost:${port}`;
  const printed = await waitForOutput(start, /Press Ctrl-C to stop/, STEP_TIMEOUT_MS);
  if (!printed.includes(`Reference service   ${baseUrl}`)) {
    throw new Error(`npm start did not print the service's address:\n${printed}`);
  }
  if (/chunks are larger than/.test(printed)) {
    throw new Error(`npm start printed a chunk-size warning:\n${printed}`);
  }
  const key = /Demo API key\s+(slk_\S+)/.exec(printed)?.[1];
  if (!key) throw new Error(`npm start printed no demo API key:\n${printed}`);
  const answer = await fetch(`${baseUrl}/v1/domains`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = (await answer.json()) as { domains?: { domain: string }[] };
  if (answer.status !== 200 || !body.domains?.some((domain) => domain.domain.startsWith('go.'))) {
    throw new Error(`The API answered ${answer.status} ${JSON.stringify(body)} to the demo key.`);
  }
  console.log(`fresh clone: npm start serves ${baseUrl}, the demo key works (${seconds()})`);

  const stopped = waitForOutput(start, /Stopped: the service and its database are closed/, 30_000);
  signalGroup(start, 'SIGINT');
  await stopped;
  console.log(`fresh clone: Ctrl-C stopped it cleanly; README's Quick start passes (${seconds()})`);
} finally {
  if (start && start.exitCode === null) signalGroup(start, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
