// What an org document holds with its validation errors (POST /orgs/_inspect), and its diff against an
// instance (POST /orgs/_diff); neither writes.

import { useMutation } from "@tanstack/react-query";
import { control, type DiffResult, type InspectResult } from "../../../api/control";

export type { DiffResult, InspectResult };

export async function compareDocument(document: unknown, instanceId: string | undefined): Promise<{ inspect: InspectResult; diff: DiffResult }> {
  const [inspect, diff] = await Promise.all([control.inspectDocument(document), control.diffDocument(document, instanceId)]);
  return { inspect, diff };
}

export const useCompareDocument = (instanceId: string | undefined) => useMutation({ mutationFn: (document: unknown) => compareDocument(document, instanceId) });
