import { useRef } from 'react';
import { useModalDialog } from '../use-modal-dialog.ts';

export const LINK_KEYS: readonly { keys: string[]; action: string }[] = [
  { keys: ['/'], action: 'Search links' },
  { keys: ['↑', '↓'], action: 'Move through the links' },
  { keys: ['Enter'], action: 'Copy the short link' },
  { keys: ['e'], action: 'Edit the link' },
  { keys: ['Delete'], action: 'Delete the link (asks first)' },
  { keys: ['x'], action: 'Select the link' },
  { keys: ['Escape'], action: 'Clear the search, or close a dialog' },
  { keys: ['?'], action: 'Show these keys' },
];

/** The Links section's keys, in a modal that `?` opens. */
export function KeyboardHelp({ onClose }: { onClose: () => void }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(closeButton);
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog keys-dialog"
      aria-labelledby="keys-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h3 id="keys-dialog-title">Keyboard shortcuts</h3>
      <table className="keys-table">
        <tbody>
          {LINK_KEYS.map(({ keys, action }) => (
            <tr key={action}>
              <th scope="row">
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ' '}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </th>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">Every action is also a button: Tab reaches each one.</p>
      <div className="row actions">
        <button type="button" ref={closeButton} onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
