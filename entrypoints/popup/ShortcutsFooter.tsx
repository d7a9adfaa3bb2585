import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { OPEN_POPUP_COMMAND, SHORTEN_COMMAND } from '../../lib/browser/menus.ts';

const BUTTON_COMMANDS = new Set(['_execute_action', '_execute_browser_action']);

/**
 * The keyboard shortcuts, as the person has set them (they may change them in the browser). With
 * one click on, the button's own shortcut shortens too, and the popup has a shortcut of its own.
 */
export function ShortcutsFooter({ oneClick }: { oneClick: boolean }) {
  const [keys, setKeys] = useState<{ open?: string; shorten?: string; button?: string }>({});
  useEffect(() => {
    let live = true;
    void browser.commands
      .getAll()
      .then((commands) => {
        if (!live) return;
        const keyOf = (test: (name: string) => boolean) =>
          commands.find((command) => test(command.name ?? ''))?.shortcut || undefined;
        const button = keyOf((name) => BUTTON_COMMANDS.has(name));
        const popup = keyOf((name) => name === OPEN_POPUP_COMMAND);
        setKeys({
          open: (oneClick ? [popup] : [button, popup]).filter(Boolean).join(' or ') || undefined,
          shorten: keyOf((name) => name === SHORTEN_COMMAND),
          button: oneClick ? button : undefined,
        });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [oneClick]);
  return (
    <footer className="shortcuts">
      <h2 className="visually-hidden">Keyboard shortcuts</h2>
      <span>
        <kbd>Enter</kbd> shortens, or copies the link already made
      </span>
      {keys.open && (
        <span>
          {keys.open.split(' or ').map((key, index) => (
            <span key={key}>
              {index > 0 && ' or '}
              <kbd>{key}</kbd>
            </span>
          ))}{' '}
          opens this popup
        </span>
      )}
      {keys.button && (
        <span>
          <kbd>{keys.button}</kbd> shortens and copies, as the toolbar button does
        </span>
      )}
      {keys.shorten && (
        <span>
          <kbd>{keys.shorten}</kbd> copies a short link of the page
        </span>
      )}
    </footer>
  );
}
