import type { Page } from '@playwright/test';
import {
  configure,
  expect,
  expectSectionLooksRight,
  openOptions,
  screenshotBothThemes,
} from './fixtures.ts';
import {
  count,
  createLink,
  expectDeletedOnService,
  getLink,
  row,
  rows,
  seed,
  shortenUndoDelay,
  test,
} from './links-helpers.ts';

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search links' });
const focusedRowIndex = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    return focused?.matches('.links-list > li') ? Number(focused.dataset.index) : -1;
  });

/** Every button's box in the list, by row and name. */
async function buttonBoxes(page: Page): Promise<Record<string, unknown>> {
  return page.locator('.links-list').evaluate((list) => {
    const boxes: Record<string, unknown> = {};
    for (const li of list.querySelectorAll<HTMLElement>(':scope > li')) {
      for (const button of li.querySelectorAll('button, a, input')) {
        const { x, y, width, height } = button.getBoundingClientRect();
        const name = button.getAttribute('aria-label') ?? button.textContent;
        boxes[`${li.dataset.index} ${name}`] = { x, y, width, height };
      }
    }
    return boxes;
  });
}

test.describe('options page, Links as a link manager', () => {
  test('the keyboard drives the list key by key, with the focus always visible', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await createLink(service, apiKey, {
      destination_url: 'https://one.example.com/',
      title: 'Alpha one',
    });
    // The list gives creation times to the second: the service's clock moved on orders the rows.
    service.advanceClock(1_100);
    const second = await createLink(service, apiKey, {
      destination_url: 'https://two.example.com/',
      title: 'Beta two',
    });
    service.advanceClock(1_100);
    await createLink(service, apiKey, {
      destination_url: 'https://three.example.com/',
      title: 'Gamma three',
    });
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId, 'links');
    await expect(count(page)).toHaveText('3 links');

    // ↓ from the page itself (nothing focused yet) goes to the first row.
    await page.keyboard.press('ArrowDown');
    expect(await focusedRowIndex(page)).toBe(0);

    // `/` focuses the search from anywhere; Escape clears it.
    await page.locator('body').press('/');
    await expect(search(page)).toBeFocused();
    await expect(search(page)).toHaveValue('');
    await page.keyboard.type('beta');
    await expect(count(page)).toHaveText('1 of 3 links');
    await page.keyboard.press('Escape');
    await expect(search(page)).toHaveValue('');
    await expect(count(page)).toHaveText('3 links');

    // ↓ from the search goes to the first row, ↓/↑ move, ↑ from the first row goes back up.
    await page.keyboard.press('ArrowDown');
    expect(await focusedRowIndex(page)).toBe(0);
    await page.keyboard.press('ArrowDown');
    expect(await focusedRowIndex(page)).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedRowIndex(page), 'the last row stays').toBe(2);
    await page.keyboard.press('ArrowUp');
    expect(await focusedRowIndex(page)).toBe(1);
    const focusedRow = page.locator('.links-list > li:focus');
    await expect(focusedRow).toContainText(second.short_url);
    // The focused row shows it: an outline of the focus colour.
    expect(await focusedRow.evaluate((li) => getComputedStyle(li).outlineStyle)).toBe('solid');
    await screenshotBothThemes(page, 'options-links-keyboard-focus');

    // Enter copies the row's short link, and the row says so.
    await page.keyboard.press('Enter');
    await expect(
      row(page, second.short_url).getByRole('status').filter({ hasText: 'Copied' }),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(second.short_url);

    // x selects and unselects.
    const box = page.getByRole('checkbox', { name: `Select \u2066${second.short_url}\u2069` });
    await page.keyboard.press('x');
    await expect(box).toBeChecked();
    await expect(page.getByRole('button', { name: 'Delete selected (1)' })).toBeVisible();
    await page.keyboard.press('x');
    await expect(box).not.toBeChecked();

    // e edits the row's link; Escape closes the dialog and gives the focus back to the row.
    await page.keyboard.press('e');
    const edit = page.getByRole('dialog', { name: `Edit \u2066${second.short_url}\u2069` });
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel('Destination URL')).toHaveValue('https://two.example.com/');
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    expect(await focusedRowIndex(page)).toBe(1);

    // Delete asks first, naming the link; Escape keeps it.
    await shortenUndoDelay(worker);
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete this link?' });
    await expect(confirm).toContainText(second.short_url);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    expect((await getLink(service, apiKey, second.short_url)).status).toBe(200);
    // ...and deletes once confirmed.
    await page.keyboard.press('Delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(count(page)).toHaveText('2 links');
    await expectDeletedOnService(service, apiKey, second.short_url);

    // ? shows the keys; Escape closes it.
    await page.locator('body').press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    for (const action of ['Search links', 'Copy the short link', 'Select the link']) {
      await expect(help.getByRole('row', { name: new RegExp(action) })).toBeVisible();
    }
    await expectSectionLooksRight(page, 'options-links-keys');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });

  test('a row scrolled away takes neither the focus nor "Copied" to the link shown in its place', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    // Rows are reused for other links as the list scrolls (LinksTable's slots).
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await seed(service, apiKey, 500, 'slot');
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId, 'links');
    await expect(count(page)).toHaveText('500 links');
    const newest = `${service.baseUrl}/slot499`;

    // In one go, well within the two seconds "Copied" lasts: copy the newest link from its row,
    // focus that row, scroll far down, and look at the rows.
    const after = await page.evaluate(async (link) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const first = document.querySelector<HTMLElement>('.links-list > li[data-index="0"]');
      const copy = first?.querySelector<HTMLButtonElement>('button[aria-label="Copy"]');
      if (first?.dataset.link !== link || !copy) return { error: 'the newest link is not first' };
      copy.focus();
      copy.click();
      const started = performance.now();
      while (!first.querySelector('.copy-status')?.textContent) {
        if (performance.now() - started > 1_000) return { error: 'Copied never showed' };
        await frame();
      }
      // The row itself focused, as ↓ leaves it.
      first.focus();
      // Row 256 in view: 4 × 64 slots further down, the one that reuses the first row's element.
      const top = first.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top + 256 * first.offsetHeight - 200);
      await frame();
      await frame();
      const focusedRow = document.activeElement?.closest<HTMLElement>('.links-list > li');
      return {
        // The first row's element now shows another link.
        reused: first.isConnected && first.dataset.link !== link,
        focusedOn: focusedRow ? focusedRow.dataset.link : 'no row',
        copiedShown: [...document.querySelectorAll('.links-list .copy-status')].filter(
          (status) => status.textContent === 'Copied',
        ).length,
        withinMs: performance.now() - started,
      };
    }, newest);
    expect(after).toMatchObject({ reused: true, focusedOn: 'no row', copiedShown: 0 });
    expect(after.withinMs).toBeLessThan(2_000);
    // Enter copies nothing else: the clipboard still holds the newest link.
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newest);
  });

  test('Tab alone reaches every control of a row, and the focus is always visible', async ({
    linkOnOptionsPage,
  }) => {
    const { page, link } = await linkOnOptionsPage(
      {
        destination_url: 'https://tab.example.com/',
        title: 'Tab me',
      },
      'links',
    );
    await expect(count(page)).toHaveText('1 link');

    await search(page).focus();
    const reached: string[] = [];
    for (let n = 0; n < 20 && !reached.includes('Delete'); n++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return {
          name:
            element.getAttribute('aria-label') ??
            (element.matches('li') ? 'row' : (element.textContent ?? '').trim()),
          outline: getComputedStyle(element).outlineStyle,
        };
      });
      reached.push(focused.name);
      expect(focused.outline, `${focused.name} shows its focus`).not.toBe('none');
    }
    expect(reached).toEqual(
      expect.arrayContaining([
        'row',
        `Select \u2066${link.short_url}\u2069`,
        'Tab me',
        link.short_url,
        'Copy',
        'QR code',
        'Edit',
        'Delete',
      ]),
    );
  });

  for (const width of [360, 420, 600, 1280]) {
    test(`at ${width} px nothing scrolls sideways and every short URL shows its back-half`, async ({
      context,
      extensionId,
      worker,
      service,
      account,
    }) => {
      const longDomain = `links-${width}.a-rather-long-brand-name-for-short-links.example.com`;
      await service.addDomain(account.email, longDomain);
      const long = await createLink(service, account.apiKey, {
        destination_url: `https://docs.example.org/${'very-long-path-segment/'.repeat(8)}end`,
        title: `A title long enough to be cut at any width of the window ${'and more '.repeat(8)}`,
        domain: longDomain,
        back_half: 'spring-sale-2026',
      });
      await createLink(service, account.apiKey, {
        destination_url: 'https://short.example/',
      });
      await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 700 });
      await page.goto(`chrome-extension://${extensionId}/options.html#links`);
      await expect(count(page)).toHaveText('2 links');

      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways).toBe(0);

      for (const shortUrl of await rows(page).getByRole('link').allTextContents()) {
        const backHalf = `/${shortUrl.split('/').pop()}`;
        const shown = await row(page, shortUrl)
          .locator('.short-url-path')
          .evaluate((path) => {
            const box = path.getBoundingClientRect();
            const link = (path.parentElement as HTMLElement).getBoundingClientRect();
            return {
              text: path.textContent,
              whole: path.scrollWidth <= path.clientWidth + 1,
              inside: box.left >= link.left - 0.5 && box.right <= link.right + 0.5,
              onScreen: box.left >= 0 && box.right <= document.documentElement.clientWidth,
            };
          });
        expect(shown, `${shortUrl} at ${width} px`).toEqual({
          text: backHalf,
          whole: true,
          inside: true,
          onScreen: true,
        });
      }
      // The long one's host did have to give way at narrow widths: the test measured a real cut.
      if (width <= 420) {
        const cut = await row(page, long.short_url)
          .locator('.short-url-host')
          .evaluate((host) => host.scrollWidth > host.clientWidth);
        expect(cut).toBe(true);
      }
      // Every row button is on screen.
      for (const box of Object.values(await buttonBoxes(page)) as { x: number; width: number }[]) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      await screenshotBothThemes(page, `options-links-width-${width}`);
    });
  }

  test('"Copied" shows without moving any button of any row', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const links: string[] = [];
    for (const n of [1, 2, 3]) {
      links.push(
        (await createLink(service, apiKey, { destination_url: `https://copy${n}.example.com/` }))
          .short_url,
      );
    }
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    for (const width of [360, 1280]) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 700 });
      await page.goto(`chrome-extension://${extensionId}/options.html#links`);
      await expect(count(page)).toHaveText('3 links');
      const target = row(page, links[1] as string);
      const before = await buttonBoxes(page);
      await target.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect(target.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
      await expect(target.getByText('Copied')).toBeVisible();
      expect(await buttonBoxes(page)).toEqual(before);
      if (width === 360) await screenshotBothThemes(page, 'options-links-copied-360');
      await page.close();
    }
  });

  test('the details pane shows one link in full and edits it in place', async ({
    context,
    extensionId,
    worker,
    service,
    apiKey,
  }) => {
    test.setTimeout(90_000);
    const destination = `https://docs.example.org/${'deep/'.repeat(20)}page?with=query&and=more`;
    const link = await createLink(service, apiKey, {
      destination_url: destination,
      title: 'Handbook',
    });
    for (let n = 0; n < 2; n++) await fetch(link.short_url, { redirect: 'manual' });
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
    const page = await openOptions(context, extensionId, 'links');
    await expect(row(page, link.short_url)).toContainText('2 clicks');

    const title = row(page, link.short_url).getByRole('button', { name: 'Handbook' });
    await title.click();
    const pane = page.getByRole('dialog', { name: 'Handbook' });
    await expect(pane).toBeVisible();
    await expect(pane.getByRole('link', { name: destination })).toHaveAttribute(
      'href',
      destination,
    );
    await expect(pane.getByRole('link', { name: link.short_url })).toBeVisible();
    await expect(
      pane.getByRole('img', { name: `QR code for \u2066${link.short_url}\u2069` }),
    ).toBeVisible();
    await expect(
      pane.locator('.details-facts dt', { hasText: 'Clicks' }).locator('+ dd'),
    ).toHaveText('2');
    const created = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        ),
      link.created_at,
    );
    await expect(pane.locator('dt', { hasText: 'Created' }).locator('+ dd')).toHaveText(created);
    await expectSectionLooksRight(page, 'options-links-details');

    // Edit in place: the pane's own form.
    await pane.getByRole('button', { name: 'Edit' }).click();
    await expect(pane.getByLabel('Destination URL')).toHaveValue(destination);
    await pane.getByLabel('Title').fill('Team handbook');
    await pane.getByLabel('Destination URL').fill('https://handbook.example.org/');
    await pane.getByRole('button', { name: 'Save' }).click();
    const renamed = page.getByRole('dialog', { name: 'Team handbook' });
    await expect(renamed.getByLabel('Title')).toHaveCount(0);
    await expect(
      renamed.getByRole('link', { name: 'https://handbook.example.org/' }),
    ).toBeVisible();
    await expect(row(page, link.short_url)).toContainText('Team handbook');
    expect((await getLink(service, apiKey, link.short_url)).body).toMatchObject({
      title: 'Team handbook',
      destination_url: 'https://handbook.example.org/',
    });

    // A bad destination keeps the form as typed, on the field.
    await renamed.getByRole('button', { name: 'Edit' }).click();
    await renamed.getByLabel('Destination URL').fill('not a url');
    await renamed.getByRole('button', { name: 'Save' }).click();
    await expect(renamed.getByLabel('Destination URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(renamed.getByLabel('Destination URL')).toHaveValue('not a url');
    // Escape leaves the form first, then the pane, and the focus goes back to the row's title.
    await page.keyboard.press('Escape');
    await expect(renamed.getByLabel('Destination URL')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(renamed).toBeHidden();
    await expect(
      row(page, link.short_url).getByRole('button', { name: 'Team handbook' }),
    ).toBeFocused();
  });
});

test('a destination host that mixes scripts shows in punycode, in the row and in the details pane', async ({
  linkOnOptionsPage,
}) => {
  // "аpple.com" with a Cyrillic а: the service stores it as the browser would, in punycode.
  const { page, link } = await linkOnOptionsPage(
    {
      destination_url: 'https://\u0430pple.com/login',
      title: 'Look-alike',
    },
    'links',
  );
  const shown = row(page, link.short_url);
  await expect(shown).toContainText('xn--pple-43d.com/login');
  await expect(shown).not.toContainText('\u0430pple.com');

  await shown.getByRole('button', { name: 'Look-alike' }).click();
  const pane = page.getByRole('dialog', { name: 'Look-alike' });
  await expect(pane).toContainText('https://xn--pple-43d.com/login');
  await expect(pane).not.toContainText('\u0430pple.com');
});
