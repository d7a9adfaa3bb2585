// The popup's "Link options" and "UTM parameters" are one disclosure: a button that says whether
// it is open and what it controls, and the group it shows, named by the button's words.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { Disclosure } from './Disclosure.tsx';

const draw = (open: boolean) =>
  renderToStaticMarkup(
    <Disclosure id="utm-fields" label="UTM parameters" open={open} onToggle={() => {}}>
      <input aria-label="Source" />
    </Disclosure>,
  );

it('shows its button alone while closed, saying so', () => {
  expect(draw(false)).toBe(
    '<section class="utm"><button type="button" class="disclosure" aria-expanded="false" aria-controls="utm-fields"><span class="disclosure-marker" aria-hidden="true"></span>UTM parameters</button></section>',
  );
});

it('shows the group it controls while open, named by the button', () => {
  const markup = draw(true);
  expect(markup).toContain('aria-expanded="true" aria-controls="utm-fields"');
  expect(markup).toContain(
    '<div id="utm-fields" role="group" aria-label="UTM parameters" class="utm-fields"><input aria-label="Source"/></div>',
  );
});
