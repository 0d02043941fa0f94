// "Sign in as": the control API's flow runner does a real code + PKCE flow; nothing cached changes.

import { useMutation } from "@tanstack/react-query";
import { control, type FlowRequest } from "../../../api/control";

export const useRunFlow = () => useMutation({ mutationFn: (req: FlowRequest) => control.runFlow(req) });
