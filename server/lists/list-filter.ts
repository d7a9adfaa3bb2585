// Which links GET /v1/links lists, from its query: all of them, or those whose destination is in
// one state (`?destination_status=broken`).

import { ErrorCode } from '../../contract/limits.ts';
import { DESTINATION_STATUSES, isDestinationStatus } from '../../contract/link-health.ts';
import { HttpProblem } from '../http/problems.ts';
import type { LinkFilter } from '../storage/storage.ts';

export function listFilterOf(query: Record<string, string>): LinkFilter {
  const status = query.destination_status;
  if (status === undefined) return {};
  if (!isDestinationStatus(status)) {
    throw new HttpProblem(
      ErrorCode.invalidField,
      `destination_status must be one of ${DESTINATION_STATUSES.join(', ')}, not "${status.slice(0, 40)}".`,
      { field: 'destination_status' },
    );
  }
  return { destinationStatus: status };
}
