// Vitest global setup of the service suite's PostgreSQL run: one throw-away cluster for the run;
// each test service makes a database of its own in it (test/support/test-service.ts).
import { startPostgresCluster } from './postgres-cluster.ts';

export default async function setup(): Promise<() => void> {
  const cluster = await startPostgresCluster();
  process.env.SHORTLINK_TEST_POSTGRES_URL = cluster.url;
  return () => cluster.stop();
}
