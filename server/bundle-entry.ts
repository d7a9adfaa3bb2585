// The entry of the one-file service (`npm run build:service`): the command line on the main
// thread; the list worker (list-reader.ts) when the bundle is started again as that worker, since
// one file cannot hold a second file to start it from. The Node.js version is checked first, and
// the rest loaded only then (the build loads node:sqlite lazily too: build-service.ts).
import { isMainThread } from 'node:worker_threads';
import { nodeTooOld } from './shared/node-version.ts';

const tooOld = nodeTooOld();
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}
if (isMainThread) await import('./cli.ts');
else await import('./lists/list-worker.ts');
