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

/** A never-checked destination's fields as JSON text: most rows of most lists. */
const UNCHECKED_JSON_TEXT =
  ',"destination_status":"unchecked","destination_checked_at":null,"destination_status_code":null,"destination_reason":null,"destination_final_url":null,"destination_permanent":null}';

/**
 * The same fields as JSON text, starting with a comma, to follow a list row's other fields (and
 * closing it). Written without the object: a list of 20,000 rows would build 20,000 of them.
 */
export function destinationHealthJsonText(link: DestinationHealth): string {
  const {
    destinationStatus: status,
    destinationCheckedAt: checkedAt,
    destinationReason: reason,
  } = link;
  if (
    status === 'unchecked' &&
    checkedAt === null &&
    reason === null &&
    link.destinationStatusCode === null &&
    link.destinationFinalUrl === null
  ) {
    return UNCHECKED_JSON_TEXT;
  }
  return `,"destination_status":"${status}","destination_checked_at":${
    checkedAt === null ? null : `"${new Date(checkedAt).toISOString()}"`
  },"destination_status_code":${link.destinationStatusCode},"destination_reason":${
    reason === null ? null : `"${reason}"`
  },"destination_final_url":${JSON.stringify(link.destinationFinalUrl)},"destination_permanent":${
    status === 'redirected' ? reason === 'permanent' : null
  }}`;
}
