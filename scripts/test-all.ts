// `npm test`: every check, in steps. The scripts of one step run at the same time, since they share
// no files and mostly wait (on PostgreSQL, on a build, on the add-on linter); the steps run one
// after another, and the browser suite last and alone, because its two workers take both cores.
// Only the builds share a folder (.output): the scripts that build are in one lane, in order.
// A script that runs beside others has its output printed whole when it ends (a script alone
// prints as it goes); at the end, how long every script took, and for a script that failed the
// lines of its output that say what failed: CI shows only the end of the output.
import { spawn } from 'node:child_process';

/** A lane: scripts run one after another. A step: lanes run side by side. */
const STEPS: string[][][] = [
  [['lint'], ['typecheck']],
  [['test:unit'], ['test:postgres'], ['lint:firefox', 'test:zip']],
  [['test:e2e']],
];

type Outcome = { script: string; code: number | null; seconds: number; output: string };

function run(script: string, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  if (alone) process.stdout.write(`\n── npm run ${script}\n`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    const keep = (out: NodeJS.WriteStream) => (chunk: Buffer) => {
      chunks.push(chunk);
      if (alone) out.write(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const output = Buffer.concat(chunks).toString();
      if (!alone) {
        process.stdout.write(`\n── npm run ${script} (${seconds.toFixed(1)} s, exit ${code})\n`);
        process.stdout.write(output);
      }
      resolve({ script, code, seconds, output });
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
  for (const { script, output } of failed) process.stdout.write(whatFailed(script, output));
  process.stdout.write(`Failed: ${failed.map((outcome) => outcome.script).join(', ')}\n`);
  process.exit(1);
}

/**
 * The lines of a failed script's output that name a failed test and its expectation (Vitest's,
 * Playwright's), a few per failure, without colours.
 */
function whatFailed(script: string, output: string): string {
  const telling = /^(✘|×|FAIL\b)|Error:|Expected|Received|Timeout:/;
  const lines = output
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the colours' escape sequences.
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => telling.test(line));
  const unique = [...new Set(lines)].slice(0, 16).map((line) => `  ${line.slice(0, 200)}`);
  return unique.length > 0 ? `\nWhat failed in ${script}:\n${unique.join('\n')}\n` : '';
}
