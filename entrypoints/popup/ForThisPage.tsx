import { lazy } from 'react';
import { t } from '../../lib/i18n/t.ts';
import type { CopyFormat } from '../../lib/links/copy-formats.ts';
import { Later, later } from './load-later.tsx';
import type { PageLinksState } from './use-page-links.ts';

const ExistingLinks = lazy(async () => ({ default: (await later()).ExistingLinks }));
const SelfShortLink = lazy(async () => ({ default: (await later()).SelfShortLink }));
const DeclaredShortLink = lazy(async () => ({ default: (await later()).DeclaredShortLink }));

/** Above the form: what the account (or the page itself) already has for this page. */
export function ForThisPage({
  pageLinks,
  copyAs,
  accountId,
  title,
  linkMade,
}: {
  pageLinks: PageLinksState;
  copyAs: CopyFormat;
  accountId: string;
  /** The form's title, copied with the page's declared short link. */
  title: string;
  /** A link was just made: the earlier ones give way to it. */
  linkMade: boolean;
}) {
  const { found, declared, focusExisting } = pageLinks;
  const existing = found?.existing ?? [];
  return (
    <>
      {found?.noLink && (
        <p className="notice" role="status">
          {t('popupNoLinkOnShortDomain')}
        </p>
      )}
      <Later>
        {found?.selfLink && (
          <SelfShortLink link={found.selfLink} copyAs={copyAs} focusCopy={focusExisting} />
        )}
        {existing.length > 0 && !linkMade && (
          <ExistingLinks
            links={existing}
            copyAs={copyAs}
            focusFirst={focusExisting}
            accountId={accountId}
          />
        )}
        {declared && !found?.selfLink && <DeclaredShortLink shortUrl={declared} title={title} />}
      </Later>
    </>
  );
}
