// What the last Shorten gave: the short link made (copied by itself when the preference says so),
// or its failure.
import { useState } from 'react';
import type { Link } from '../../lib/api/schemas.ts';
import type { Settings } from '../../lib/settings/settings.ts';
import { later } from './load-later.tsx';

export type OutcomeState = ReturnType<typeof useOutcome>;

export function useOutcome(settings: Pick<Settings, 'autoCopy' | 'copyAs'>) {
  const [result, setResult] = useState<{ link: Link; copied: boolean }>();
  const [failure, setFailure] = useState<unknown>();
  return {
    result,
    failure,
    /** A new attempt, or another account: what the last one said (its link, "Copied", its failure) is over. */
    clear() {
      setFailure(undefined);
      setResult(undefined);
    },
    /** A link just made: copied first when auto-copy is on. */
    async made(link: Link) {
      const { writeClipboard, formatForCopy } = await later();
      const copied = settings.autoCopy
        ? await writeClipboard(formatForCopy(settings.copyAs, link)).then(
            () => true,
            () => false,
          )
        : false;
      setResult({ link, copied });
    },
    /** The link this popup made for the same input before, shown again (not copied again). */
    again(link: Link) {
      setResult({ link, copied: false });
    },
    failed: (error: unknown) => setFailure(error),
  };
}
