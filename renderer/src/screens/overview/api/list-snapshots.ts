// The named snapshots (GET /snapshots).

import { useQuery } from "@tanstack/react-query";
import { control, type SnapshotInfo } from "../../../api/control";
import { overviewKeys } from "./keys";

export type { SnapshotInfo };

export const listSnapshots = (signal?: AbortSignal): Promise<SnapshotInfo[]> => control.snapshots(signal);

export const useSnapshots = () => useQuery({ queryKey: overviewKeys.snapshots(), queryFn: ({ signal }) => listSnapshots(signal) });
