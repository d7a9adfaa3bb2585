// The popup's floor: React alone (../react-alone) plus the two answers the popup cannot draw
// without, the stored settings and the tab (`?tab=ID`), asked for at once and awaited before the
// first render, as the popup does. What the popup costs beyond this is its own code.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const tabId = Number(new URLSearchParams(location.search).get('tab'));
const answers = Promise.all([chrome.storage.local.get('settings'), chrome.tabs.get(tabId)]);

function Form({ url }: { url: string }) {
  return createElement(
    'main',
    { 'data-ready': 'true' },
    createElement('input', { 'aria-label': 'Destination URL', defaultValue: url }),
    createElement('button', { type: 'button' }, 'Shorten'),
  );
}

const root = createRoot(document.getElementById('root') as HTMLElement);
void answers.then(([, tab]) => root.render(createElement(Form, { url: tab.url ?? '' })));
