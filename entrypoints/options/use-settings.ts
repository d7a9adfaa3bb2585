import { useEffect, useState } from 'react';
import { loadSettings, type Settings, watchSettings } from '../../lib/settings/settings.ts';

export type SettingsState =
  | { status: 'loading' }
  | { status: 'ready'; settings: Settings }
  | { status: 'failed'; message: string };

/** The stored settings, kept current when this or another page changes them. */
export function useSettings(): SettingsState {
  const [state, setState] = useState<SettingsState>({ status: 'loading' });
  useEffect(() => {
    const stopWatching = watchSettings((settings) => setState({ status: 'ready', settings }));
    loadSettings().then(
      // A change seen by the watcher meanwhile is newer than this read.
      (settings) =>
        setState((now) => (now.status === 'ready' ? now : { status: 'ready', settings })),
      (error: unknown) =>
        setState({
          status: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
    return stopWatching;
  }, []);
  return state;
}
