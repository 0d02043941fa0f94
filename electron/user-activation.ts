// Whether the user just clicked or pressed a key in the window, as the main process sees the input
// Electron routes to the page (webContents 'input-event'): a page script cannot make such input. Like
// a browser's transient activation it is short-lived and used up by what it allows, so one click opens
// at most one link in the system browser, and a script's window.open without a click opens nothing.

import type { WebContentsPort } from "./ports.js";

/** How long after a click or key press a window.open counts as the user's (Chromium's own lifespan is 5 s). */
export const ACTIVATION_MS = 1000;

/** Input that activates (HTML's activation-triggering input events, in Electron's InputEvent types). */
const ACTIVATING = new Set(["mouseDown", "mouseUp", "rawKeyDown", "keyDown", "touchEnd", "gestureTap"]);

export interface UserActivation {
  /** True when the user activated the page within ACTIVATION_MS; the activation is used up either way. */
  consume(): boolean;
}

export function trackUserActivation(contents: WebContentsPort, now: () => number = Date.now): UserActivation {
  let last = Number.NEGATIVE_INFINITY;
  contents.onInputEvent((input) => {
    if (ACTIVATING.has(input.type)) last = now();
  });
  return {
    consume() {
      const fresh = now() - last <= ACTIVATION_MS;
      last = Number.NEGATIVE_INFINITY;
      return fresh;
    },
  };
}
