// Delivers a made-up event to the event executions (POST /fire-event; nothing is stored) and answers
// the calls it caused; they reach the delivery log through its stream.

import { useMutation } from "@tanstack/react-query";
import { control, type EventFired, type FireEventBody } from "../../../api/control";

export type { EventFired };

export const fireEvent = (body: FireEventBody): Promise<EventFired> => control.fireEvent(body);

export const useFireEvent = () => useMutation({ mutationFn: fireEvent });
