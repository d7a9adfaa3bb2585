// Which row element shows which link while the list scrolls. A row keeps its element as long as it
// stays in the page; a row coming in takes an element a row going out has left. React then
// updates an element's text instead of removing one row and building another, on a slow scroll
// (one row in, one out) and a fast one (every row replaced) alike.

export type RowSlots = Map<number, number>;

/**
 * The element (slot) of each row index in `indexes`, given those of the render before, which it
 * keeps for rows still in the page. Slots are 0 to `indexes.length - 1` plus what the render
 * before used, so the keys stay few and are used again.
 */
export function assignRowSlots(before: RowSlots, indexes: readonly number[]): RowSlots {
  const slots: RowSlots = new Map();
  const taken = new Set<number>();
  for (const index of indexes) {
    const slot = before.get(index);
    if (slot !== undefined) {
      slots.set(index, slot);
      taken.add(slot);
    }
  }
  let free = 0;
  for (const index of indexes) {
    if (slots.has(index)) continue;
    while (taken.has(free)) free++;
    slots.set(index, free);
    taken.add(free);
  }
  return slots;
}
