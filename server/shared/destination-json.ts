// A link's destination health as every answer gives it (contract/link-health.ts): as an object
// for the single-link answers; the list writes the same fields as text (lists/list-json.ts).
import type { DestinationHealth } from '../storage/destination-health.ts';

export function destinationHealthFields(link: DestinationHealth) {
  return {
    destination_status: link.destinationStatus,
    destination_checked_at:
      link.destinationCheckedAt === null ? null : new Date(link.destinationCheckedAt).toISOString(),
    destination_status_code: link.destinationStatusCode,
    destination_reason: link.destinationReason,
    destination_final_url: link.destinationFinalUrl,
    destination_permanent:
      link.destinationStatus === 'redirected' ? link.destinationReason === 'permanent' : null,
  };
}
