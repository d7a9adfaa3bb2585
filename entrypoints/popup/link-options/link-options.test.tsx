import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { checkLinkOptions } from '../../../components/shorten/check-link-end.ts';
import { localDateTime, NO_LINK_OPTIONS } from '../../../components/shorten/link-end-values.ts';
import { LinkOptions } from './LinkOptions.tsx';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const all = () => true;
const none = () => false;

describe('checkLinkOptions', () => {
  it("sends what was filled in, the expiry read in the person's zone", () => {
    const expires = localDateTime(NOW + 86_400_000);
    expect(
      checkLinkOptions(
        {
          expires,
          maxClicks: ' 25 ',
          expiredUrl: 'https://example.com/ended',
          password: ' open sesame ',
        },
        all,
        NOW,
      ),
    ).toEqual({
      lifecycle: {
        expiresAt: new Date(expires).toISOString(),
        maxClicks: 25,
        expiredUrl: 'https://example.com/ended',
        password: ' open sesame ',
      },
    });
    expect(checkLinkOptions(NO_LINK_OPTIONS, all, NOW)).toEqual({ lifecycle: {} });
  });

  it('says each bad value on its own field', () => {
    const checked = checkLinkOptions(
      {
        expires: localDateTime(NOW - 60_000),
        maxClicks: '0',
        expiredUrl: 'ftp://example.com/',
        password: 'abc',
      },
      all,
      NOW,
    );
    expect(checked).toEqual({
      errors: {
        expires: 'The expiry must be in the future.',
        maxClicks: 'The click limit must be a whole number from 1 to 1,000,000,000.',
        expiredUrl:
          'Enter a full web address starting with \u2066http://\u2069 or \u2066https://\u2069, with no name or password before the host.',
        password: 'The password must be 4 to 128 characters.',
      },
    });
    for (const maxClicks of ['1.5', 'ten', '1000000001', '-2']) {
      expect(
        checkLinkOptions({ ...NO_LINK_OPTIONS, maxClicks }, all, NOW),
        maxClicks,
      ).toHaveProperty('errors.maxClicks');
    }
    expect(
      checkLinkOptions({ ...NO_LINK_OPTIONS, expiredUrl: 'https://u:p@example.com/' }, all, NOW),
    ).toHaveProperty('errors.expiredUrl');
    // Counted as a person counts characters: four emoji are four.
    expect(checkLinkOptions({ ...NO_LINK_OPTIONS, password: '🔑🔑🔑🔑' }, all, NOW)).toEqual({
      lifecycle: { password: '🔑🔑🔑🔑' },
    });
    expect(
      checkLinkOptions({ ...NO_LINK_OPTIONS, password: 'x'.repeat(129) }, all, NOW),
    ).toHaveProperty('errors.password');
  });

  it('sends nothing, and finds nothing wrong, where the service offers no field', () => {
    const typed = { expires: 'yesterday', maxClicks: '0', expiredUrl: 'nowhere', password: 'x' };
    expect(checkLinkOptions(typed, none, NOW)).toEqual({ lifecycle: {} });
    expect(checkLinkOptions(typed, (field) => field === 'max_clicks', NOW)).toEqual({
      errors: { maxClicks: expect.any(String) },
    });
  });
});

describe('LinkOptions', () => {
  const draw = (offers: (field: string) => boolean) =>
    renderToStaticMarkup(
      <LinkOptions
        offers={offers}
        values={NO_LINK_OPTIONS}
        errors={{}}
        onChange={() => {}}
        onSubmit={() => {}}
      />,
    );

  it('is a closed disclosure "Link options" where the service offers the fields', () => {
    expect(draw(all)).toMatch(/aria-expanded="false"[^>]*>.*Link options/);
  });

  it('is not drawn for a service that offers none of them', () => {
    expect(draw(none)).toBe('');
  });

  it('draws the password masked, with a "Show" toggle, where the service takes it', () => {
    const open = (offers: (field: string) => boolean) =>
      renderToStaticMarkup(
        <LinkOptions
          offers={offers}
          values={{ ...NO_LINK_OPTIONS, password: 'open sesame' }}
          errors={{}}
          onChange={() => {}}
          onSubmit={() => {}}
          startOpen
        />,
      );
    const markup = open(all);
    expect(markup).toMatch(/<label for="link-password">Password<\/label>/);
    expect(markup).toMatch(/<input id="link-password" type="password" autoComplete="new-password"/);
    expect(markup).toMatch(/aria-pressed="false" aria-controls="link-password"[^>]*>Show</);
    expect(open((field) => field !== 'password')).not.toContain('Password');
  });

  it('opens on an error, showing only the offered fields and the quick choices', () => {
    const markup = renderToStaticMarkup(
      <LinkOptions
        offers={(field) => field !== 'expired_url'}
        values={{ ...NO_LINK_OPTIONS, maxClicks: '0' }}
        errors={{ maxClicks: 'The click limit must be a whole number.' }}
        onChange={() => {}}
        onSubmit={() => {}}
      />,
    );
    for (const words of ['Expires', '1 day', '7 days', '30 days', 'Click limit']) {
      expect(markup).toContain(words);
    }
    expect(markup).toContain('value="0"');
    expect(markup).not.toContain('After it expires');
  });
});
