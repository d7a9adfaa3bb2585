import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { OPEN_POPUP_COMMAND, SHORTEN_COMMAND } from '../../lib/browser/menus.ts';
import { type MessageKey, messageParts, t } from '../../lib/i18n/t.ts';

const BUTTON_COMMANDS = new Set(['_execute_action', '_execute_browser_action']);

/**
 * The keyboard shortcuts, as the person has set them (they may change them in the browser). With
 * one click on, the button's own shortcut shortens too, and the popup has a shortcut of its own.
 */
export function ShortcutsFooter({ oneClick }: { oneClick: boolean }) {
  const [keys, setKeys] = useState<{ open?: string[]; shorten?: string; button?: string }>({});
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
          open: (oneClick ? [popup] : [button, popup]).filter((key) => key !== undefined),
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
      <h2 className="visually-hidden">{t('shortcutsHeading')}</h2>
      <span>{withKeys('shortcutsEnter', [t('linksKeyNameEnter')])}</span>
      {keys.open && keys.open.length > 0 && (
        <span>
          {withKeys(keys.open.length > 1 ? 'shortcutsOpenEither' : 'shortcutsOpen', keys.open)}
        </span>
      )}
      {keys.button && <span>{withKeys('shortcutsButton', [keys.button])}</span>}
      {keys.shorten && <span>{withKeys('shortcutsShorten', [keys.shorten])}</span>}
    </footer>
  );
}

/** A sentence of the footer with its keys, `$1`, `$2`…, each in a `<kbd>` where the language puts it. */
function withKeys(key: MessageKey, keys: string[]) {
  return messageParts(key).map((part) =>
    typeof part === 'number' ? (
      <kbd key={`key-${part}`} dir="ltr">
        {keys[part]}
      </kbd>
    ) : (
      part
    ),
  );
}
