// Screens are addressed by path under /ui (history API, no hash), so a reload or a shared link opens
// the same screen: the emulator answers index.html for every /ui/<screen> path.

import { useSyncExternalStore } from "react";

export const BASE = "/ui";
const CHANGE = "svc-ui-navigate";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

/** The current path below /ui, starting with "/" ("/" is the overview). */
export function currentPath(): string {
  const p = window.location.pathname;
  const below = p.startsWith(BASE) ? p.slice(BASE.length) : p;
  return below === "" ? "/" : below;
}

export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

/** The address of a path below /ui, for href attributes. */
export function href(path: string): string {
  return `${BASE}${path}`;
}

/** Goes to `path` below /ui (may carry a query, e.g. "/tokens?id=1"). */
export function navigate(path: string): void {
  if (href(path) === window.location.pathname + window.location.search) return;
  window.history.pushState(null, "", href(path));
  window.dispatchEvent(new Event(CHANGE));
}
