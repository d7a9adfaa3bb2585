import { createContext } from 'react';
import type { BrowserCheck } from '../../../../lib/health/browser-checks.ts';

/** What this browser found of the destinations ("Check destinations"), for the rows and the pane. */
export const BrowserChecksContext = createContext<ReadonlyMap<string, BrowserCheck> | undefined>(
  undefined,
);
