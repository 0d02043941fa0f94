// Every screen of the UI, once: the navigation, the router and the keyboard shortcuts read this list.
// A screen is a lazily loaded module whose default export is a component without props (so the
// initial bundle holds only the shell). Add an entry when a screen works; none stands in for one.

import { type ComponentType, type LazyExoticComponent, lazy } from "react";

export interface Screen {
  /** Stable id: the test names and docs/screenshots/<id>.png use it. */
  id: string;
  /** The navigation label and the page title. */
  title: string;
  /** Path below /ui, starting with "/"; the screen also gets every path below it ("/tokens/123"). */
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** Alt+<shortcut> opens the screen (one character, unique). */
  shortcut: string;
}

/** Inside the desktop app only (its preload defines window.svcDesktop before any script of the page runs). */
const inDesktopApp = typeof window !== "undefined" && "svcDesktop" in window;

export const SCREENS: readonly Screen[] = [
  { id: "overview", title: "Overview", path: "/", component: lazy(() => import("./overview/Overview")), shortcut: "1" },
  { id: "hierarchy", title: "Contexts", path: "/contexts", component: lazy(() => import("./hierarchy/Hierarchy")), shortcut: "2" },
  { id: "users", title: "Users", path: "/users", component: lazy(() => import("./users/Users")), shortcut: "3" },
  { id: "tokens", title: "Tokens", path: "/tokens", component: lazy(() => import("./tokens/Tokens")), shortcut: "4" },
  { id: "flows", title: "OIDC flows", path: "/flows", component: lazy(() => import("./flows/Flows")), shortcut: "5" },
  { id: "actions", title: "Actions", path: "/actions", component: lazy(() => import("./actions/Actions")), shortcut: "6" },
  { id: "events", title: "Events", path: "/events", component: lazy(() => import("./events/Events")), shortcut: "7" },
  { id: "import-export", title: "Import / export", path: "/import-export", component: lazy(() => import("./import-export/ImportExport")), shortcut: "8" },
  { id: "faults", title: "Faults", path: "/faults", component: lazy(() => import("./faults/Faults")), shortcut: "0" },
  ...(inDesktopApp ? [{ id: "desktop", title: "Desktop", path: "/desktop", component: lazy(() => import("./desktop/DesktopSettings")), shortcut: "9" }] : []),
];

/** The screen of a path below /ui: the longest registered path it equals or lies under. */
export function screenOf(path: string): Screen | undefined {
  return [...SCREENS].sort((a, b) => b.path.length - a.path.length).find((s) => path === s.path || (s.path !== "/" && path.startsWith(`${s.path}/`)));
}
