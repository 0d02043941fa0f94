// The jobs queued or running, whoever started them (GET /jobs?state=queued&state=running), newest first.

import { useQuery } from "@tanstack/react-query";
import { control, type JobSummary } from "../../../api/control";
import { importExportKeys } from "./keys";

export type { JobSummary };

const ACTIVE: JobSummary["state"][] = ["queued", "running"];

export const listActiveJobs = (signal?: AbortSignal): Promise<JobSummary[]> => control.jobs({ state: ACTIVE }, signal);

export const useActiveJobs = () => useQuery({ queryKey: importExportKeys.activeJobs(), queryFn: ({ signal }) => listActiveJobs(signal) });
