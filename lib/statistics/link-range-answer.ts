// A link's statistics over a range (GET …/stats?from=&to=&granularity=) read leniently, as
// lib/api reads today's: what an answer lacks or breaks is left out, never a failure, so that a
// service without buckets still shows its days. A bucket's absent count is 0 (the service leaves
// zeros out), People and QR scans where the service counts them.
import * as z from 'zod/mini';
import { STATS_GRANULARITIES } from '../../contract/link-stats.ts';
import { LinkStats } from '../api/schemas.ts';

/** A count as read: a whole number, 0 for anything else. */
const Count = z.pipe(
  z.optional(z.unknown()),
  z.transform((value) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0,
  ),
);
/** A count the service may not keep: undefined where it sends none (or none readable). */
const OptionalCount = z.pipe(
  z.optional(z.unknown()),
  z.transform((value) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0
      ? Math.floor(value)
      : undefined,
  ),
);

const eachValid = <T>(item: z.ZodMiniType<T>) =>
  z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((items) =>
      items.flatMap((entry) => {
        const read = item.safeParse(entry);
        return read.success ? [read.data] : [];
      }),
    ),
  );

const Bucket = z.pipe(
  z.object({
    start: z.string().check(z.refine((start) => Number.isFinite(Date.parse(start)))),
    humans: Count,
    bots: Count,
    visitors: OptionalCount,
    qr_scans: OptionalCount,
  }),
  z.transform(({ qr_scans, ...bucket }) => ({ ...bucket, qrScans: qr_scans })),
);
export type RangeBucket = z.infer<typeof Bucket>;

const Named = z.object({ name: z.string(), clicks: Count });

const RangeExtras = z.object({
  stats: z.object({
    granularity: z.catch(z.optional(z.enum(STATS_GRANULARITIES)), undefined),
    /** None from a service that knows no ranges: its `days` are asked for instead. */
    buckets: z.catch(z.optional(eachValid(Bucket)), undefined),
    visitors: OptionalCount,
    qr_scans: OptionalCount,
    browsers: eachValid(Named),
    systems: eachValid(Named),
  }),
});

/** Today's statistics (days, referrers, devices, countries) and the range's own fields. */
export const LinkRangeAnswer = z.pipe(
  z.unknown(),
  z.transform((body, context) => {
    const today = LinkStats.safeParse(body);
    const extras = RangeExtras.safeParse(body);
    if (!today.success || !extras.success) {
      context.issues.push({ code: 'custom', message: 'no statistics', input: body });
      return z.NEVER;
    }
    const { qr_scans, ...range } = extras.data.stats;
    // A bucket leaves out its counts that are 0; People and QR scans are counted where the
    // answer's own totals are there (older services sent every count, zeros too).
    const buckets = range.buckets?.map((bucket) => ({
      ...bucket,
      visitors: bucket.visitors ?? (range.visitors === undefined ? undefined : 0),
      qrScans: bucket.qrScans ?? (qr_scans === undefined ? undefined : 0),
    }));
    return { ...today.data, ...range, buckets, qrScans: qr_scans };
  }),
);
export type LinkRangeAnswer = z.infer<typeof LinkRangeAnswer>;
