import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  notificationOpensOptions,
  onNotificationClicked,
  showNotification,
} from './notifications.ts';

beforeEach(() => fakeBrowser.reset());

describe('notifications', () => {
  it('shows the title and message with the extension icon', async () => {
    const id = await showNotification({ title: 'Short link copied', message: 'Copied: x' });
    expect(fakeBrowser.notifications.getAllCreateOptions()[id]).toEqual({
      type: 'basic',
      iconUrl: `chrome-extension://${fakeBrowser.runtime.id}/icon/128.png`,
      title: 'Short link copied',
      message: 'Copied: x',
    });
  });

  it('gives every notification its own id', async () => {
    const first = await showNotification({ title: 'a', message: 'a' });
    const second = await showNotification({ title: 'b', message: 'b' });
    expect(first).not.toBe(second);
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([first, second]);
  });

  it('opens the options on a click when the notification asks to fix a setting', async () => {
    const id = await showNotification({ title: 'Key', message: 'Add it', opensOptions: true });
    const opened: string[] = [];
    await onNotificationClicked(id, async () => {
      opened.push(id);
    });
    expect(notificationOpensOptions(id)).toBe(true);
    expect(opened).toEqual([id]);
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });

  it('only dismisses a notification that just informs', async () => {
    const id = await showNotification({ title: 'Short link copied', message: 'Copied: x' });
    const opened: string[] = [];
    await onNotificationClicked(id, async () => {
      opened.push(id);
    });
    expect(notificationOpensOptions(id)).toBe(false);
    expect(opened).toEqual([]);
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });
});
