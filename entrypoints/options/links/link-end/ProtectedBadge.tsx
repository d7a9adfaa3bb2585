import './link-end.css';
import { LockIcon } from '../../../../components/ui/icons.tsx';
import { t } from '../../../../lib/i18n/t.ts';

/** Read once: rows show other links many times a second in a scroll. */
let word: string | undefined;

/** A row's lock and "Password" (product.md's badge): the link asks its visitors for one. */
export function ProtectedBadge() {
  word ??= t('linkPassword');
  return (
    <>
      {' · '}
      <span className="link-protected">
        <LockIcon />
        {word}
      </span>
    </>
  );
}
