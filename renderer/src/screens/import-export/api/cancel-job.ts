// Cancels a job (POST /jobs/{id}/_cancel); the list of active jobs is read again.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { control, type Job } from "../../../api/control";
import { importExportKeys } from "./keys";

export const cancelJob = (id: string): Promise<Job> => control.cancelJob(id);

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelJob, onSettled: () => queryClient.invalidateQueries({ queryKey: importExportKeys.activeJobs() }) });
}
