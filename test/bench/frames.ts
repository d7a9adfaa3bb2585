// Frame gaps read as display frames, for the options page's scroll (options-bench.ts).

/**
 * Each gap between animation frames as the whole display frames it spans. An extension page's
 * clock is coarsened to 0.1 ms, so a gap of one frame at 60 Hz reads 16.6, 16.7 or 16.8 ms: read
 * literally, a scroll that never missed a frame had a p95 of 16.8 ms. A missed frame makes a gap
 * of two frames (33.3 ms), and stays two.
 */
export const inWholeFrames = (gaps: number[], frameMs: number) =>
  gaps.map((gap) => Math.max(1, Math.round(gap / frameMs)) * frameMs);

/** The display frames `gaps` (already in whole frames) missed: a gap of three frames missed two. */
export const framesMissed = (gaps: number[], frameMs: number) =>
  gaps.reduce((sum, gap) => sum + Math.round(gap / frameMs) - 1, 0);
