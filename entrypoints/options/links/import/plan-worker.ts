// Reads and checks an import file off the page's thread: papaparse and the row checks of 100,000
// rows would hold the page for seconds.
import type { ColumnMap } from '../../../../contract/import-file.ts';
import { type AccountLinksAndDomains, planImportFile } from '../../../../lib/import/import-plan.ts';

export type PlanRequest = {
  bytes: ArrayBuffer;
  account: AccountLinksAndDomains;
  columns?: ColumnMap;
};

self.onmessage = (event: MessageEvent<PlanRequest>) => {
  const { bytes, account, columns } = event.data;
  const result = planImportFile(new Uint8Array(bytes), account, columns);
  // The table goes back only as its header, for choosing columns by hand.
  const header = result.table?.header;
  self.postMessage(
    result.ok ? { ok: true, plan: result.plan, header } : { ...result, table: undefined, header },
  );
};
