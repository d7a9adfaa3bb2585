// `npm run bench`: every benchmark, printed as a table. `--seconds N` sets each load run's length.
import { parseArgs } from 'node:util';
import { benchService } from './service-bench.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '8' } } });
const seconds = Number(values.seconds);

const service = await benchService(seconds);
const ratio = service.redirectsPerSecond / service.bareRedirectsPerSecond;
const rows: [string, string, string][] = [
  [
    'create latency p50 / p99 (50 connections)',
    `${service.createP50Ms} / ${service.createP99Ms} ms`,
    'p99 < 20 ms',
  ],
  ['creates per second', service.createPerSecond.toFixed(0), ''],
  ['redirects per second', service.redirectsPerSecond.toFixed(0), '> 5,000'],
  ['bare node:http 302 per second (same run)', service.bareRedirectsPerSecond.toFixed(0), ''],
  ['redirects / bare', `${ratio.toFixed(2)} ×`, '≥ 0.5 ×'],
  [
    'clicks counted / redirects answered',
    `${service.clicksCounted} / ${service.redirectsAnswered}`,
    'equal',
  ],
  ['list 10,000 links, median of 20', `${service.list10kMedianMs.toFixed(1)} ms`, '< 150 ms'],
  [
    'list 10,000 links, bytes sent (brotli / none)',
    `${service.list10kBytesBrotli} / ${service.list10kBytesIdentity}`,
    '',
  ],
];
console.log(`\n| benchmark | result | target |\n|---|---|---|`);
for (const [name, result, target] of rows) console.log(`| ${name} | ${result} | ${target} |`);
if (service.clicksCounted !== service.redirectsAnswered) {
  console.error('Clicks were lost: the counts differ.');
  process.exitCode = 1;
}
