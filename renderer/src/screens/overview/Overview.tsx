// The overview (issue 13, screen 1): endpoints, clock, reset and snapshots, feature flags.

import { ClockPanel } from "./ClockPanel";
import { Endpoints } from "./Endpoints";
import { FeaturesPanel } from "./FeaturesPanel";
import { SnapshotsPanel } from "./SnapshotsPanel";

export default function Overview() {
  return (
    <>
      <h1>Overview</h1>
      <div className="grid">
        <Endpoints />
        <ClockPanel />
        <SnapshotsPanel />
        <FeaturesPanel />
      </div>
    </>
  );
}
