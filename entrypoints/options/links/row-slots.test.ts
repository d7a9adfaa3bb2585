import { describe, expect, it } from 'vitest';
import { assignRowSlots, type RowSlots } from './row-slots.ts';

const range = (from: number, count: number) => Array.from({ length: count }, (_, n) => from + n);

describe('assignRowSlots', () => {
  it('gives each row of a first render its own slot', () => {
    const slots = assignRowSlots(new Map(), range(0, 5));
    expect([...slots.values()].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the slot of every row still in the page, and gives the one left to the one coming', () => {
    const before = assignRowSlots(new Map(), range(0, 5));
    const after = assignRowSlots(before, range(1, 5));
    for (const index of range(1, 4)) expect(after.get(index)).toBe(before.get(index));
    expect(after.get(5)).toBe(before.get(0));
  });

  it('uses the same slots again when every row is replaced (a fast scroll)', () => {
    const before = assignRowSlots(new Map(), range(0, 20));
    const after = assignRowSlots(before, range(4000, 20));
    expect(new Set(after.values())).toEqual(new Set(before.values()));
  });

  it('never gives two rows one slot, as the window grows and shrinks', () => {
    let slots: RowSlots = new Map();
    for (const [from, count] of [
      [0, 10],
      [3, 14],
      [500, 6],
      [502, 20],
      [9, 3],
    ] as const) {
      slots = assignRowSlots(slots, range(from, count));
      expect(new Set(slots.values()).size).toBe(count);
      expect(Math.max(...slots.values())).toBeLessThan(20);
    }
  });
});
