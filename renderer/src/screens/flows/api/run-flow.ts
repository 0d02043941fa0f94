// Runs an OAuth / OIDC flow through the control API's flow runner (POST /flows): every exchange it made.

import { useMutation } from "@tanstack/react-query";
import { control, type FlowRequest, type FlowResult } from "../../../api/control";

export type { FlowRequest, FlowResult };

export const runFlow = (req: FlowRequest): Promise<FlowResult> => control.runFlow(req);

export const useRunFlow = () => useMutation({ mutationFn: runFlow });
