import { Fragment, type ReactNode } from 'react';
import { holdsAddress, type MessageKey, messageParts } from '../../lib/i18n/t.ts';

/**
 * A message with elements in its placeholders: `<Message id="…" values={[<strong>{name}</strong>]} />`.
 * Each element is isolated (`<bdi>`): a name keeps its own direction in any language, an address
 * (ADDRESS_SLOTS) reads left to right.
 */
export function Message({ id, values }: { id: MessageKey; values: readonly ReactNode[] }) {
  return (
    <>
      {messageParts(id).map((part, index) => (
        // The parts of one message never move: their index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Fragment key={index}>
          {typeof part === 'number' ? (
            <bdi dir={holdsAddress(id, part + 1) ? 'ltr' : undefined}>{values[part]}</bdi>
          ) : (
            part
          )}
        </Fragment>
      ))}
    </>
  );
}
