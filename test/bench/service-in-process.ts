// `node test/bench/service-in-process.ts DB [--no-statistics]`: the service as `serve` runs it, with
// the click statistics on or off (no CLI flag turns them off: only the benchmark wants that).
import { startService } from '../../server/service.ts';

const [db, flag] = process.argv.slice(2);
if (!db) throw new Error('usage: service-in-process.ts DB [--no-statistics]');
const service = await startService({
  db,
  port: 0,
  rateLimitPerMinute: 0,
  addressRateLimitPerMinute: 0,
  statistics: flag !== '--no-statistics',
  // The statistics bench names a client address of its own per request (distinct visitors).
  trustedProxies: ['127.0.0.1'],
  logger: { info: () => {}, error: (message: string) => console.error(message) },
});
console.log(`Listening on ${service.baseUrl}`);
process.once('SIGTERM', () => void service.stop().then(() => process.exit(0)));
