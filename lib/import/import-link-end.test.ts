// The extension's import against the real test service: each row's expiry and click limit sent
// with its link where the service offers them (its contract names them), a bad one set aside.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
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
