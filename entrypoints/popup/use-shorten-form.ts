// The form: what is typed (never overwritten by what arrives later), its checks, and Shorten.
import { useRef, useState } from 'react';
import {
  type LinkOptionErrors,
  type LinkOptionValues,
  NO_LINK_OPTIONS,
  WIRE_TO_OPTION,
} from '../../components/shorten/link-end-values.ts';
import type { FieldErrors, ShortenFields } from '../../components/shorten/ShortenForm.tsx';
import type { Domain, Link } from '../../lib/api/schemas.ts';
import type { PageToShorten } from '../../lib/browser/active-tab.ts';
import { requestHostPermission } from '../../lib/browser/host-permission.ts';
import type { UtmValues } from '../../lib/campaigns/utm.ts';
import { cutTitle } from '../../lib/links/title.ts';
import type { PageLinks } from '../../lib/page-link/link-for-page.ts';
import type { AccountSettings, Settings } from '../../lib/settings/settings.ts';
import { unshortenableReason } from '../../lib/wording/link-words.ts';
import { later } from './load-later.tsx';
import { firstTags, type TagValues } from './tags/tag-values.ts';
import type { OutcomeState } from './use-outcome.ts';
import type { PageLinksState } from './use-page-links.ts';

/** The form as the popup first draws it: filled from the page, unless it cannot be shortened. */
function firstFields(page: PageToShorten): ShortenFields {
  const problem = unshortenableReason(page.url);
  return {
    destinationUrl: problem ? '' : page.url,
    title: problem ? '' : cutTitle(page.title),
    backHalf: '',
    domain: '',
  };
}

export function useShortenForm(
  page: PageToShorten,
  settings: Pick<Settings, 'reuseExisting' | 'keepTags'>,
  {
    chosen,
    offers,
    pageLinks,
    outcome,
  }: {
    chosen: AccountSettings;
    /** Whether the account's service offers a link field (its contract names it). */
    offers: (field: string) => boolean;
    pageLinks: PageLinksState;
    outcome: OutcomeState;
  },
) {
  const [fields, setFields] = useState<ShortenFields>(() => firstFields(page));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [trackingKept, setTrackingKept] = useState(false);
  // "UTM parameters", once typed in.
  const [utm, setUtm] = useState<UtmValues>();
  // "Link options": kept as typed; sent only where the account's service offers them.
  const [linkOptions, setLinkOptionValues] = useState<LinkOptionValues>(NO_LINK_OPTIONS);
  const [optionErrors, setOptionErrors] = useState<LinkOptionErrors>({});
  // "Tags": the chips and the text still typed; the account's last ones when the person keeps them.
  const [tagValues, setTagValues] = useState<TagValues>(() =>
    firstTags(settings.keepTags, chosen.lastTags),
  );
  const [tagsError, setTagsError] = useState<string>();
  const typed = useRef(new Set<keyof ShortenFields>());
  // The same input shortened twice in one popup gives the link made the first time.
  const lastCreated = useRef<{ key: string; link: Link }>(undefined);
  const { found } = pageLinks;

  const fillUntyped = (values: Partial<ShortenFields>) =>
    setFields((current) => {
      const next = { ...current };
      for (const [key, value] of Object.entries(values) as [keyof ShortenFields, string][]) {
        if (!typed.current.has(key)) next[key] = value;
      }
      return next;
    });

  /** The page's title goes with the page's address: another destination is another page. */
  const titleFor = (destinationUrl: string) => {
    const address = destinationUrl.trim();
    const ofPage = address !== '' && [page.url, found?.destination].includes(address);
    return ofPage ? firstFields(page).title : '';
  };

  const change = (changes: Partial<ShortenFields>) => {
    for (const key of Object.keys(changes) as (keyof ShortenFields)[]) typed.current.add(key);
    const { destinationUrl } = changes;
    const untypedTitle =
      destinationUrl !== undefined && !typed.current.has('title')
        ? { title: titleFor(destinationUrl) }
        : {};
    setFields((current) => ({ ...current, ...untypedTitle, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes) as (keyof ShortenFields)[]) delete next[key];
      return next;
    });
    const { backHalf } = changes;
    // Checked as typed, by the rule in the rest of the code (there long before anyone types).
    if (backHalf !== undefined) {
      void later().then(({ backHalfProblem }) =>
        setErrors((current) => ({ ...current, backHalf: backHalfProblem(backHalf) })),
      );
    }
  };

  const keepTracking = (keep: boolean) => {
    if (!found) return;
    setTrackingKept(keep);
    change({ destinationUrl: keep ? page.url : found.destination });
  };

  const submit = async () => {
    const code = await later();
    outcome.clear();
    const checked = code.checkFields(fields);
    const problems = 'errors' in checked ? checked.errors : code.taggedProblems(checked.input, utm);
    const ends = code.checkLinkOptions(linkOptions, offers);
    setOptionErrors('errors' in ends ? ends.errors : {});
    const tagged = code.checkTags(tagValues, offers('tags'));
    setTagsError('error' in tagged ? tagged.error : undefined);
    if (problems) setErrors(problems);
    if (problems || 'errors' in ends || 'error' in tagged) return;
    if (!('input' in checked)) return;
    const { input } = checked;
    const { lifecycle } = ends;
    const { tags } = tagged;
    // The text left in the input became a chip: it was sent as one.
    if (tags && tagValues.draft.trim() !== '') setTagValues({ tags, draft: '' });
    // The address as it will be shortened, in the field too: "example.com" became https://….
    if (input.destinationUrl !== fields.destinationUrl) {
      setFields((current) => ({ ...current, destinationUrl: input.destinationUrl }));
    }
    const key = JSON.stringify([chosen.id, input, utm, lifecycle, tags]);
    if (lastCreated.current?.key === key) {
      outcome.again(lastCreated.current.link);
      return;
    }
    setBusy(true);
    try {
      // Never a silent duplicate: what the account has for the page is shown first.
      const made = code.isTagged(utm)
        ? { link: await code.campaignLink({ ...input, ...lifecycle, tags }, utm, chosen, settings) }
        : await code.linkForPage(
            { url: input.destinationUrl, title: input.title },
            {
              account: chosen,
              reuse: 'ask',
              found: pageLinks.answer(),
              shown: found !== undefined,
              domain: input.domain,
              backHalf: input.backHalf,
              lifecycle,
              tags,
              rememberDomain: true,
            },
          );
      if ('ask' in made) {
        pageLinks.show(made.ask);
        return;
      }
      lastCreated.current = { key, link: made.link };
      // The password is the link's now: the form forgets it.
      if (lifecycle.password !== undefined) {
        setLinkOptionValues((current) => ({ ...current, password: '' }));
      }
      if (settings.keepTags) void code.saveAccount(chosen.id, { lastTags: tags ?? [] });
      await outcome.made(made.link);
    } catch (error) {
      const { isApiError, apiErrorMessage, WIRE_TO_FORM } = code;
      const field = isApiError(error) && error.field ? WIRE_TO_FORM[error.field] : undefined;
      const option = isApiError(error) && error.field ? WIRE_TO_OPTION[error.field] : undefined;
      const onField =
        isApiError(error) && (error.kind === 'back_half_taken' || error.kind === 'invalid_input');
      const onTags =
        isApiError(error) && (error.field === 'tags' || error.code?.startsWith('tag_'));
      if (onField && field) setErrors({ [field]: apiErrorMessage(error) });
      else if (onField && onTags) setTagsError(apiErrorMessage(error));
      else if (onField && option) setOptionErrors({ [option]: apiErrorMessage(error) });
      else outcome.failed(error);
    } finally {
      setBusy(false);
    }
  };

  return {
    fields,
    errors,
    setErrors,
    busy,
    trackingKept,
    utm,
    setUtm,
    linkOptions,
    optionErrors,
    tagValues,
    tagsError,
    setTags(values: TagValues, error: string | undefined) {
      setTagValues(values);
      setTagsError(error);
    },
    setLinkOptions(values: LinkOptionValues) {
      setLinkOptionValues(values);
      setOptionErrors((current) => {
        const next = { ...current };
        for (const option of Object.keys(values) as (keyof LinkOptionValues)[]) {
          if (values[option] !== linkOptions[option]) delete next[option];
        }
        return next;
      });
    },
    change,
    keepTracking,
    submit,

    /** Asked for in the click itself (no await before it), then the shorten is tried again. */
    allowAccess() {
      void requestHostPermission(chosen.apiBaseUrl).then((granted) => {
        if (granted) void submit();
      });
    },

    /** The account's domain, unless the person has chosen one. */
    offerDomain(account: AccountSettings) {
      fillUntyped({ domain: account.lastDomain ?? account.defaultDomain });
    },

    /**
     * The account's domains, listed afresh: a remembered domain it no longer has would only fail,
     * so the form falls back to its default domain, then to the service's own.
     */
    keepDomainOn(domains: Domain[], account: AccountSettings) {
      const onAccount = (host: string) =>
        host === '' || domains.some((domain) => domain.domain === host);
      setFields((current) =>
        typed.current.has('domain') || onAccount(current.domain)
          ? current
          : { ...current, domain: onAccount(account.defaultDomain) ? account.defaultDomain : '' },
      );
    },

    /** What the account has for the page: its cleaned address, or none when the page is a short link. */
    followPage(learned: PageLinks) {
      if (learned.selfLink || learned.noLink) fillUntyped({ destinationUrl: '', title: '' });
      else fillUntyped({ destinationUrl: learned.destination });
    },

    /** Another account chosen: its own domain is offered, and the last one's errors are over. */
    accountChanged() {
      typed.current.delete('domain');
      setErrors({});
    },
  };
}
