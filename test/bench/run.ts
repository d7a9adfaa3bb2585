// `npm run bench`: every benchmark, printed as a table. `--seconds N` sets each load run's length;
// `--only service`, `--only popup` or `--only options` runs one group (the popup and the options
// page need `npm run build` first).
import { parseArgs } from 'node:util';
import { benchOptions } from './options-bench.ts';
import { benchPopup } from './popup-bench.ts';
import { benchDurability, benchService } from './service-bench.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '8' }, only: { type: 'string' } },
});
const rows: [string, string, string][] = [];
const runs = (group: 'service' | 'popup' | 'options') => !values.only || values.only === group;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

if (runs('service')) {
  const service = await benchService(Number(values.seconds));
  const ratio = service.redirectsPerSecond / service.bareRedirectsPerSecond;
  rows.push(
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
      'clicks counted / redirects sent',
      `${service.clicksCounted} / ${service.redirectsAnswered}`,
      'equal',
    ],
    ['list 10,000 links, median of 20', `${service.list10kMedianMs.toFixed(1)} ms`, '< 150 ms'],
    [
      'list 10,000 links, bytes sent (brotli / none)',
      `${kB(service.list10kBytesBrotli)} / ${kB(service.list10kBytesIdentity)}`,
      '',
    ],
  );
  if (service.clicksCounted !== service.redirectsAnswered) {
    console.error('Clicks were lost: the counts differ.');
    process.exitCode = 1;
  }
  const durability = await benchDurability(Number(values.seconds));
  const { normal, full } = durability;
  rows.push(
    [
      `create p50 / p99, synchronous=normal (median of ${durability.rounds}, alternating)`,
      `${normal.p50Ms} / ${normal.p99Ms} ms, ${normal.perSecond.toFixed(0)}/s`,
      '',
    ],
    [
      '  the same with synchronous=full (an fsync per commit)',
      `${full.p50Ms} / ${full.p99Ms} ms, ${full.perSecond.toFixed(0)}/s`,
      '',
    ],
    ['  create p99 full / normal', `${(full.p99Ms / normal.p99Ms).toFixed(2)} ×`, ''],
  );
}

if (runs('popup')) {
  const popup = await benchPopup();
  rows.push(
    ['popup ready, median of 20', `${popup.popupMs.toFixed(1)} ms`, ''],
    ['React alone (input + button), same run', `${popup.reactMs.toFixed(1)} ms`, ''],
    ['blank extension page, same run', `${popup.blankMs.toFixed(1)} ms`, ''],
    ['popup / React alone', `${(popup.popupMs / popup.reactMs).toFixed(2)} ×`, '≤ 1.1 × is good'],
    ['popup / blank', `${(popup.popupMs / popup.blankMs).toFixed(2)} ×`, ''],
    ['popup JavaScript loaded at once, gzip', kB(popup.popupScriptGzipBytes.initial), '≤ 90 kB'],
    ['  with the chunks loaded on demand (client, QR)', kB(popup.popupScriptGzipBytes.all), ''],
    ['"Shorten" to short URL shown, median of 20', `${popup.clickToShownMs.toFixed(1)} ms`, ''],
    [
      '  of which the service request',
      `${popup.serviceRequestMs.toFixed(1)} ms`,
      'overhead ≤ 30 ms',
    ],
  );
}

if (runs('options')) {
  const options = await benchOptions();
  const links = options.links.toLocaleString('en-US');
  rows.push(
    [
      `options page open to first rows, ${links} links, no cache (median of 10)`,
      `${options.openNoCacheMs.toFixed(0)} ms`,
      '≤ 1,000 ms',
    ],
    [
      `options page open to first rows, ${links} links, cached (median of 10)`,
      `${options.openWithCacheMs.toFixed(0)} ms`,
      '≤ 400 ms',
    ],
    [
      '  cached openings that drew rows before the fresh list arrived',
      options.cacheRunsBeforeList,
      '',
    ],
    [
      `search keystroke to list updated, median / p95 of ${options.keystrokeSamples}`,
      `${options.keystrokeMedianMs.toFixed(1)} / ${options.keystrokeP95Ms.toFixed(1)} ms`,
      'median ≤ 50 ms',
    ],
    ['  keys that left the list unchanged (no sample)', String(options.keystrokesSkipped), ''],
    [`JS heap after load and GC, ${links} links`, `${options.heapMb.toFixed(1)} MB`, '≤ 60 MB'],
    ['  after the searches above', `${options.heapAfterSearchMb.toFixed(1)} MB`, '≤ 60 MB'],
    [
      `scrolling ${options.scrollLinks.toLocaleString('en-US')} links top to bottom in 2 s, frame median / p95`,
      `${options.scrollFrameMedianMs.toFixed(1)} / ${options.scrollFrameP95Ms.toFixed(1)} ms`,
      '≈ 16.7 ms',
    ],
  );
}

console.log(`\n| benchmark | result | target |\n|---|---|---|`);
for (const [name, result, target] of rows) console.log(`| ${name} | ${result} | ${target} |`);
