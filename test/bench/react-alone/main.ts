// The yardstick for the popup's start: React 19 alone rendering one input and a button.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

function Form() {
  return createElement(
    'main',
    { 'data-ready': 'true' },
    createElement('input', {
      'aria-label': 'Destination URL',
      defaultValue: 'https://example.com/',
    }),
    createElement('button', { type: 'button' }, 'Shorten'),
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(createElement(Form));
