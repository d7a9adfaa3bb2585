// The one way a form mirrors stored settings: each field follows what is stored (a change saved in
// another tab, or this page's own save coming back through the storage watcher) unless the person
// has edited that field here since; what is being typed is never overwritten.
import { type Dispatch, type SetStateAction, useState } from 'react';

type Values = Record<string, unknown>;

const sameValues = (a: Values, b: Values) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.keys(a).every((key) => Object.is(a[key], b[key]));

export function useStoredUnlessEdited<T extends Values>(
  stored: T,
): [T, Dispatch<SetStateAction<T>>] {
  const [values, setValues] = useState(stored);
  const [lastStored, setLastStored] = useState(stored);
  // Adjusted while rendering, as React advises for state that follows a prop: no effect, no
  // frame drawn with the old values.
  if (!sameValues(stored, lastStored)) {
    setLastStored(stored);
    const next = { ...values };
    for (const key of Object.keys(stored) as (keyof T)[]) {
      const storedChanged = !Object.is(stored[key], lastStored[key]);
      const untouched = Object.is(values[key], lastStored[key]);
      if (storedChanged && untouched) next[key] = stored[key];
    }
    if (!sameValues(next, values)) setValues(next);
  }
  return [values, setValues];
}
