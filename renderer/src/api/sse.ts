// Server-sent events from the control API (job progress, target calls, ...). EventSource sends the
// session cookie; the control API accepts it on Sec-Fetch-Site: same-origin, since EventSource can
// set no header. The browser reconnects by itself after a drop; `onError` hears of each drop.

import { CONTROL_PREFIX } from "./control.gen";

export interface SseHandlers {
  /** Per event name (`event:` line; "message" when the server names none): the parsed `data:` JSON. */
  [event: string]: (data: unknown) => void;
}

/** Listens to `path` below CONTROL_PREFIX (controlPaths names each stream); returns the function that closes the stream. `onOpen`: each (re)connection. */
export function subscribe(path: string, handlers: SseHandlers, onError?: (closed: boolean) => void, onOpen?: () => void): () => void {
  const source = new EventSource(`${CONTROL_PREFIX}${path}`);
  for (const [name, handle] of Object.entries(handlers)) {
    source.addEventListener(name, (e) => {
      let data: unknown;
      try {
        data = JSON.parse((e as MessageEvent<string>).data);
      } catch {
        data = (e as MessageEvent<string>).data;
      }
      handle(data);
    });
  }
  if (onError) source.onerror = () => onError(source.readyState === EventSource.CLOSED);
  if (onOpen) source.onopen = onOpen;
  return () => source.close();
}
