import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { SHORTEN_COMMAND } from '../../lib/browser/menus.ts';

const OPEN_POPUP_COMMANDS = new Set(['_execute_action', '_execute_browser_action']);

/** The keyboard shortcuts, as the person has set them (they may change them in the browser). */
export function ShortcutsFooter() {
  const [keys, setKeys] = useState<{ open?: string; shorten?: string }>({});
  useEffect(() => {
    let live = true;
    void browser.commands
      .getAll()
      .then((commands) => {
        if (!live) return;
        setKeys({
          open: commands.find((command) => OPEN_POPUP_COMMANDS.has(command.name ?? ''))?.shortcut,
          shorten: commands.find((command) => command.name === SHORTEN_COMMAND)?.shortcut,
        });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return (
    <footer className="shortcuts">
      <h2 className="visually-hidden">Keyboard shortcuts</h2>
      <span>
        <kbd>Enter</kbd> shortens, or copies the link already made
      </span>
      {keys.open && (
        <span>
          <kbd>{keys.open}</kbd> opens this popup
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
