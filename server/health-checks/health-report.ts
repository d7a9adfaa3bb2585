// `links health [--email E]`: how many links are in each destination state, and the broken ones,
// for an operator's terminal (English, as the rest of the command line).
import { DESTINATION_STATUSES } from '../../contract/link-health.ts';
import type { ShortDomains } from '../shared/short-domain.ts';
import type { Storage } from '../storage/storage.ts';

export async function healthReport(
  store: Storage,
  domains: Pick<ShortDomains, 'shortUrl'>,
  account?: { id: number; email: string },
): Promise<string> {
  const counts = await store.destinationCounts(account?.id);
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const whose = account ? account.email : 'all accounts';
  const lines = [
    `Destinations of ${total.toLocaleString('en')} ${total === 1 ? 'link' : 'links'} (${whose}):`,
    `  ${DESTINATION_STATUSES.map((status) => `${status} ${counts[status].toLocaleString('en')}`).join(', ')}`,
  ];
  const broken = await store.linksWithStatus('broken', account?.id);
  if (broken.length > 0) lines.push('Broken:');
  for (const link of broken) {
    const checkedAt =
      link.destinationCheckedAt === null ? '' : new Date(link.destinationCheckedAt).toISOString();
    const owner = account ? '' : ` (${link.email})`;
    lines.push(
      `  ${domains.shortUrl(link.domain, link.backHalf)} -> ${link.destinationUrl}: ${link.destinationStatusCode}, checked ${checkedAt}${owner}`,
    );
  }
  return lines.join('\n');
}
