// A link's destination health as every answer gives it (contract/link-health.ts): as an object
// for the single-link answers, and as JSON text for the list, which writes its rows by hand.
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

/** The same fields as JSON text, starting with a comma, to follow a list row's other fields. */
export function destinationHealthJsonText(link: DestinationHealth): string {
  const fields = destinationHealthFields(link);
  return `,"destination_status":"${fields.destination_status}","destination_checked_at":${
    fields.destination_checked_at === null ? null : `"${fields.destination_checked_at}"`
  },"destination_status_code":${fields.destination_status_code},"destination_reason":${
    fields.destination_reason === null ? null : `"${fields.destination_reason}"`
  },"destination_final_url":${JSON.stringify(fields.destination_final_url)},"destination_permanent":${fields.destination_permanent}}`;
}
