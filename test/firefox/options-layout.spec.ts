// The options page in Firefox: one layout for its sections, and the way from an unconfigured
// Links section to Accounts.
import { expect, test } from './fixtures.ts';
import { button, byRole, click, fill, textOf, textsOf } from './page-helpers.ts';

const SECTIONS = ['Links', 'Statistics', 'Domains', 'Tags', 'Accounts', 'Preferences'] as const;

test('Links without an account set up offers the way to Accounts', async ({ extension }) => {
  const page = await extension.openOptions('links');
  await click(page, `main ${byRole('link', 'Go to the Accounts section')}`);
  await expect.poll(() => textOf(page, 'main h2')).toBe('Accounts');
  expect(await page.evaluate(() => location.hash)).toBe('#accounts');
});

test('every section starts where the header does, at 420 and 1280 px', async ({
  extension,
  service,
  apiKey,
}) => {
  await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
  const page = await extension.openOptions('links');
  const offsets: Record<string, number> = {};
  for (const width of [420, 1280]) {
    await page.setViewport({ width, height: 800 });
    for (const section of SECTIONS) {
      await click(page, `nav ${byRole('link', section)}`);
      await expect.poll(() => textOf(page, 'main h2')).toBe(section);
      offsets[`${section} ${width}`] = await page.evaluate(
        () =>
          (document.querySelector('main h2') as HTMLElement).getBoundingClientRect().left -
          (document.querySelector('h1') as HTMLElement).getBoundingClientRect().left,
      );
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
        `${section} at ${width} px scrolls sideways`,
      ).toBe(0);
    }
  }
  expect(new Set(Object.values(offsets)), JSON.stringify(offsets)).toEqual(new Set([0]));
  await extension.screenshotBothThemes(page, 'options-preferences-1280');
});

/** A call to the service's API as the account, answering its JSON. */
async function callApi(
  baseUrl: string,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(answer.status, `${method} ${path}`).toBe(200);
  return answer.json();
}

test('Tags renames, recolours and deletes a tag, and its links stay', async ({
  extension,
  service,
  apiKey,
}) => {
  await callApi(service.baseUrl, apiKey, 'POST', '/v1/tags', { name: 'Client A', color: 'blue' });
  await callApi(service.baseUrl, apiKey, 'POST', '/v1/links', {
    destination_url: 'https://example.com/a',
    tags: ['Client A', 'Spring'],
  });
  await extension.configure({ apiBaseUrl: service.baseUrl, apiKey });
  const page = await extension.openOptions('links');
  await click(page, `nav ${byRole('link', 'Tags')}`);
  await expect.poll(() => textsOf(page, '.tag-chip-name')).toEqual(['Client A', 'Spring']);

  await click(page, button('Rename tag Client A'));
  await fill(page, byRole('textbox', 'New name for tag Client A'), 'Client B');
  await page.keyboard.press('Enter');
  await expect.poll(() => textsOf(page, '.tag-chip-name')).toEqual(['Client B', 'Spring']);
  await page.select('select[aria-label="Colour of tag Client B"]', 'pink');
  const tagsOnService = async () =>
    ((await callApi(service.baseUrl, apiKey, 'GET', '/v1/tags')).tags as { name: string }[]).map(
      ({ name, color, links }: { name: string; color?: string; links?: number }) =>
        `${name} ${color} ${links}`,
    );
  await expect.poll(tagsOnService).toEqual(['Client B pink 1', 'Spring gray 1']);

  await click(page, button('Delete tag Spring'));
  await click(page, `dialog ${button('Delete')}`);
  await expect.poll(() => textsOf(page, '.tag-chip-name')).toEqual(['Client B']);
  await expect.poll(tagsOnService).toEqual(['Client B pink 1']);
});
