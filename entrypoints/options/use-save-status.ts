import { useRef, useState } from 'react';
import { t } from '../../lib/i18n/t.ts';
import type { Settings } from '../../lib/settings/settings.ts';

export type SaveStatus = { tone: 'success' | 'error'; message: string } | undefined;

/** Saves a change at once and says how it went; of overlapping saves, only the last one speaks. */
export function useSaveStatus(): [SaveStatus, (save: () => Promise<Settings>) => Promise<void>] {
  const [status, setStatus] = useState<SaveStatus>();
  const latest = useRef(0);
  async function run(save: () => Promise<Settings>) {
    const mine = ++latest.current;
    // Emptied first, so that a second "Saved." is announced again.
    setStatus(undefined);
    try {
      await save();
      if (mine === latest.current) setStatus({ tone: 'success', message: t('saveSaved') });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (mine === latest.current) {
        setStatus({ tone: 'error', message: t('saveNotSavedRetry', reason) });
      }
    }
  }
  return [status, run];
}
