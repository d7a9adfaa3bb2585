import { useRef } from 'react';
import { Modal, ModalTitle } from '../../../components/ui/Modal.tsx';
import { type MessageKey, t } from '../../../lib/i18n/t.ts';

/** A key: a character as its keycap shows it, or a named key whose name is a message (Enter). */
type Key = string | { name: MessageKey };

/** The keys and what each does. */
export const LINK_KEYS: readonly { keys: Key[]; action: MessageKey }[] = [
  { keys: ['/'], action: 'linksSearch' },
  { keys: ['↑', '↓'], action: 'linksKeyMove' },
  { keys: [{ name: 'linksKeyNameEnter' }], action: 'linksKeyCopy' },
  { keys: ['e'], action: 'linksKeyEdit' },
  { keys: [{ name: 'linksKeyNameDelete' }], action: 'linksKeyDelete' },
  { keys: ['x'], action: 'linksKeySelect' },
  { keys: ['t'], action: 'linksKeyTag' },
  { keys: [{ name: 'linksKeyNameEscape' }], action: 'linksKeyEscape' },
  { keys: ['?'], action: 'linksKeyHelp' },
];

const keyName = (key: Key) => (typeof key === 'string' ? key : t(key.name));

/** The Links section's keys, in a modal that `?` opens. */
export function KeyboardHelp({ onClose }: { onClose: () => void }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <Modal className="modal-box keys-dialog" initialFocus={closeButton} onCancel={onClose}>
      <ModalTitle>{t('linksKeyboardShortcuts')}</ModalTitle>
      <table className="keys-table">
        <tbody>
          {LINK_KEYS.map(({ keys, action }) => (
            <tr key={action}>
              <th scope="row">
                {keys.map((key, index) => (
                  <span key={keyName(key)}>
                    {index > 0 && ' '}
                    <kbd>{keyName(key)}</kbd>
                  </span>
                ))}
              </th>
              <td>{t(action)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">{t('linksKeysHint')}</p>
      <div className="row actions">
        <button type="button" ref={closeButton} onClick={onClose}>
          {t('linksClose')}
        </button>
      </div>
    </Modal>
  );
}
