import { describe, expect, it } from 'vitest';
import { framesMissed, inWholeFrames } from './frames.ts';

const FRAME = 1000 / 60;

describe('inWholeFrames', () => {
  it("reads the clock's 0.1 ms steps around one frame as one frame", () => {
    const gaps = inWholeFrames([16.5, 16.6, 16.7, 16.8, 16.9], FRAME);
    expect(gaps.every((gap) => gap === FRAME)).toBe(true);
    expect(framesMissed(gaps, FRAME)).toBe(0);
  });

  it('keeps a missed frame as two frames, and a stall as the frames it spans', () => {
    const gaps = inWholeFrames([16.7, 33.2, 16.6, 50.1, 251], FRAME);
    expect(gaps.map((gap) => Math.round(gap / FRAME))).toEqual([1, 2, 1, 3, 15]);
    expect(framesMissed(gaps, FRAME)).toBe(1 + 2 + 14);
  });

  it('never reads a gap shorter than a frame as none', () => {
    expect(inWholeFrames([4, 8.2], FRAME)).toEqual([FRAME, FRAME]);
  });
});
