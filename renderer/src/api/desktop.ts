// The desktop app's preload API (`window.svcDesktop`, electron/preload-api.ts), present only when the UI
// runs inside the desktop app; in a browser it is absent and nothing here is used.

import type { BlockedNotice, SvcDesktop, SvcDesktopSettings } from "../../../electron/preload-api";

export type { BlockedNotice, SvcDesktop, SvcDesktopSettings };

/** The preload API, or undefined in a plain browser. */
export const desktop = (): SvcDesktop | undefined => (window as { svcDesktop?: SvcDesktop }).svcDesktop;

/** Electron wraps a handler's error as "Error invoking remote method '<channel>': Error: <message>": keep the message. */
export async function desktopCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw new Error(message.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, ""));
  }
}
