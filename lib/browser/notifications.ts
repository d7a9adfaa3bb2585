// The background's notifications. Whether a click opens the options is written into the
// notification's id: the service worker may have been stopped and restarted by the time of the
// click, and anything it kept in memory would be gone.
import { browser } from 'wxt/browser';

export type Notice = { title: string; message: string; opensOptions?: boolean };

const OPENS_OPTIONS = 'opens-options';
const INFORMS = 'informs';

export async function showNotification(notice: Notice): Promise<string> {
  const id = `${notice.opensOptions ? OPENS_OPTIONS : INFORMS}:${crypto.randomUUID()}`;
  return browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: notice.title,
    message: notice.message,
  });
}

export function notificationOpensOptions(notificationId: string): boolean {
  return notificationId.startsWith(`${OPENS_OPTIONS}:`);
}

/** A click dismisses the notification and, when it asks the person to fix a setting, opens them. */
export async function onNotificationClicked(
  notificationId: string,
  openOptions: () => Promise<void> = () => browser.runtime.openOptionsPage(),
): Promise<void> {
  await browser.notifications.clear(notificationId);
  if (notificationOpensOptions(notificationId)) await openOptions();
}
