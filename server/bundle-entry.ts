// The entry of the one-file service (`npm run build:service`): the command line on the main
// thread; the list worker (list-reader.ts) when the bundle is started again as that worker, since
// one file cannot hold a second file to start it from.
import { isMainThread } from 'node:worker_threads';

if (isMainThread) await import('./cli.ts');
else await import('./lists/list-worker.ts');
