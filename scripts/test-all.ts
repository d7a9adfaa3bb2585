// `npm test`: every check, in steps. The scripts of one step run at the same time, since they share
// no files and mostly wait (on PostgreSQL, on a build, on the add-on linter); the steps run one
// after another, and the browser suite last and alone, because its two workers take both cores.
// Only the builds share a folder (.output): the scripts that build are in one lane, in order.
// A script that runs beside others has its output printed whole when it ends (a script alone
// prints as it goes); at the end, how long every script took.
import { spawn } from 'node:child_process';

/** A lane: scripts run one after another. A step: lanes run side by side. */
const STEPS: string[][][] = [
  [['lint'], ['typecheck']],
  [['test:unit'], ['test:postgres'], ['lint:firefox', 'test:zip']],
  [['test:e2e']],
];

type Outcome = { script: string; code: number | null; seconds: number };

function run(script: string, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  if (alone) process.stdout.write(`\n── npm run ${script}\n`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', alone ? 'inherit' : 'pipe', alone ? 'inherit' : 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (!alone) {
        process.stdout.write(`\n── npm run ${script} (${seconds.toFixed(1)} s, exit ${code})\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ script, code, seconds });
    });
  });
}

async function runLane(lane: string[], alone: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const script of lane) {
    const outcome = await run(script, alone);
    outcomes.push(outcome);
    if (outcome.code !== 0) break;
  }
  return outcomes;
}

const outcomes: Outcome[] = [];
const started = performance.now();
for (const step of STEPS) {
  const lanes = step.map((lane) => runLane(lane, step.length === 1));
  outcomes.push(...(await Promise.all(lanes)).flat());
  if (outcomes.some((outcome) => outcome.code !== 0)) break;
}
const total = (performance.now() - started) / 1000;

process.stdout.write('\n');
for (const { script, code, seconds } of outcomes) {
  process.stdout.write(
    `${code === 0 ? 'ok    ' : 'FAILED'} ${seconds.toFixed(1).padStart(6)} s  ${script}\n`,
  );
}
process.stdout.write(`npm test: ${total.toFixed(1)} s\n`);
const failed = outcomes.filter((outcome) => outcome.code !== 0);
if (failed.length > 0) {
  process.stdout.write(`Failed: ${failed.map((outcome) => outcome.script).join(', ')}\n`);
  process.exit(1);
}
