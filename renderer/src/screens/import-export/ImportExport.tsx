// Import / export (issue 13, screen 8): export orgs to a file, and inspect, validate, diff and import
// a file, on the control API's org routes and jobs (docs/behaviour.md "Org diff and jobs"); the jobs
// running now, whoever started them (issue 24).

import { ExportPanel } from "./ExportPanel";
import { ImportPanel } from "./ImportPanel";
import { RunningJobs } from "./RunningJobs";

export default function ImportExport() {
  return (
    <>
      <h1>Import / export</h1>
      <div className="screen-stack">
        <ExportPanel />
        <ImportPanel />
        <RunningJobs />
      </div>
    </>
  );
}
