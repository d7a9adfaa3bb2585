// The entry of the one-file service (`npm run build:service`): the command line on the main
// thread; the list worker (list-reader.ts) or the checkpoint worker (checkpoints.ts) when the
// bundle is started again as one of them, since one file cannot hold a second file to start it
// from. The Node.js version is checked first, and the rest loaded only then (the build loads
// node:sqlite lazily too: build-service.ts).
import { isMainThread, workerData } from 'node:worker_threads';
import { nodeTooOld } from './shared/node-version.ts';

const tooOld = nodeTooOld();
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}
if (isMainThread) await import('./cli.ts');
else if (workerData?.kind === 'checkpoints') await import('./storage/sqlite/checkpoint-worker.ts');
else await import('./lists/list-worker.ts');
