// The extension's import against the real test service: each row's expiry, click limit and tags
// sent with its link where the service offers them (its contract names them), a bad one set aside.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { api } from '../../test/support/test-api.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { closeAccounts, openAccount } from '../account/account.ts';
import { offersLinkField } from '../api/service-offer.ts';
import { newImportJob, runImportJob } from './import-links.ts';
import { planImportText, rowsToSend } from './import-plan.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());
afterEach(() => closeAccounts());

it('sends each row’s expiry and click limit to a service that offers them', async () => {
  fakeBrowser.reset();
  const apiKey = await service.createAccount('import-end@example.com');
  const account = openAccount({ id: 'import-end', apiBaseUrl: service.baseUrl, apiKey });
  const offer = await account.serviceOffer();
  const checked = planImportText(
    [
      'destination_url,back_half,expires_at,max_clicks',
      'https://example.com/ends,imp-ends,2099-12-31T23:59:00Z,250',
      'https://example.com/limit,imp-limit,,3',
      'https://example.com/plain,imp-plain,,',
      'https://example.com/past,imp-past,2001-01-01T00:00:00Z,',
    ].join('\n'),
    {
      links: [],
      domains: [],
      offered: {
        expiresAt: offersLinkField(offer, 'expires_at'),
        maxClicks: offersLinkField(offer, 'max_clicks'),
      },
    },
  );
  if (!checked.ok) throw new Error(checked.issue.code);
  expect(checked.plan.invalid.map(({ row, issue }) => [row, issue.code])).toEqual([[5, 'linkEnd']]);
  const job = await runImportJob(
    newImportJob('import-end', rowsToSend(checked.plan, 'skip'), false),
    {
      createLink: (input) => account.createLink(input),
      findLink: async () => undefined,
      onChange() {},
      isPaused: () => false,
    },
  );
  expect(job.rows.map((row) => row.outcome)).toEqual(['created', 'created', 'created']);
  const stored = (await service.storedLinks(apiKey)).map((link) => [
    link.backHalf,
    link.expiresAt === null ? null : new Date(link.expiresAt).toISOString(),
    link.maxClicks,
  ]);
  expect(stored.sort()).toEqual([
    ['imp-ends', '2099-12-31T23:59:00.000Z', 250],
    ['imp-limit', null, 3],
    ['imp-plain', null, null],
  ]);
});

it('sends each row’s tags to a service that offers them, and sets aside a row whose tags break the rules', async () => {
  fakeBrowser.reset();
  const apiKey = await service.createAccount('import-tags@example.com');
  const account = openAccount({ id: 'import-tags', apiBaseUrl: service.baseUrl, apiKey });
  const offer = await account.serviceOffer();
  const text = [
    'destination_url,back_half,tags',
    'https://example.com/tagged,imp-tagged,"news, Spring sale"',
    'https://example.com/shlink,imp-shlink,news|other',
    'https://example.com/untagged,imp-untagged,',
    `https://example.com/many,imp-many,"${Array.from({ length: 21 }, (_, n) => `t${n}`).join(',')}"`,
  ].join('\n');
  const offered = { expiresAt: false, maxClicks: false, tags: offersLinkField(offer, 'tags') };
  expect(offered.tags).toBe(true);
  const checked = planImportText(text, { links: [], domains: [], offered });
  if (!checked.ok) throw new Error(checked.issue.code);
  expect(checked.plan.invalid.map(({ row, issue }) => [row, issue.code])).toEqual([[5, 'tags']]);

  const job = await runImportJob(
    newImportJob('import-tags', rowsToSend(checked.plan, 'skip'), false),
    {
      createLink: (input) => account.createLink(input),
      findLink: async () => undefined,
      onChange() {},
      isPaused: () => false,
    },
  );
  expect(job.rows.map((row) => row.outcome)).toEqual(['created', 'created', 'created']);
  const listed = (await api(service.baseUrl, apiKey).list()).body.links as {
    short_url: string;
    tags: { name: string }[];
  }[];
  const tagsOf = (backHalf: string) =>
    listed
      .find((link) => link.short_url.endsWith(`/${backHalf}`))
      ?.tags.map((tag) => tag.name)
      .sort();
  expect(tagsOf('imp-tagged')).toEqual(['Spring sale', 'news']);
  expect(tagsOf('imp-shlink')).toEqual(['news', 'other']);
  expect(tagsOf('imp-untagged')).toEqual([]);

  // Where tags are not offered, the cell is neither checked nor sent.
  const plain = planImportText(text, {
    links: [],
    domains: [],
    offered: { ...offered, tags: false },
  });
  if (!plain.ok) throw new Error(plain.issue.code);
  expect(plain.plan.invalid).toEqual([]);
  expect(plain.plan.toMake.every((row) => row.tags === undefined)).toBe(true);
});
