// The import / export screen's query keys: the jobs (under the live root: the change notices tell of
// jobs started, running, progressing or ended by any client) and the orgs offered for an export.

import { LIVE_ROOTS } from "../../../api/change-notices";

export const importExportKeys = {
  activeJobs: () => [LIVE_ROOTS.jobs, "active"] as const,
  /** The default instance's orgs (the export's choice). */
  orgs: () => ["import-export", "orgs"] as const,
};
