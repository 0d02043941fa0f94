// The application menu: File (org files, data folder, reset, snapshots, fixture), Edit and View
// (Electron's own roles), Help (README, the issuer in the system browser).

import { chooseFixtureFile, exportToFile, importFromFile, resetToSeed, restoreSnapshot, runAction, saveSnapshot } from "./menu-actions.js";
import type { MenuItemSpec } from "./ports.js";
import { openExternalLink } from "./security.js";
import type { ShellContext } from "./shell-context.js";

const separator: MenuItemSpec = { type: "separator" };

function snapshotsMenu(shell: ShellContext): MenuItemSpec[] {
  const saved = shell.emulator.snapshots();
  return [
    { label: "Save snapshot", click: () => saveSnapshot(shell) },
    separator,
    ...(saved.length === 0
      ? [{ label: "No snapshots yet", enabled: false }]
      : saved.map((s) => ({ label: `Restore ${s.name}`, click: () => restoreSnapshot(shell, s.name) }))),
  ];
}

export function menuTemplate(shell: ShellContext): MenuItemSpec[] {
  const openPath = (path: string, title: string) =>
    runAction(shell, title, async () => {
      const error = await shell.ports.shell.openPath(path);
      if (error) throw new Error(error);
    });
  return [
    {
      label: "File",
      submenu: [
        { label: "Import org file…", accelerator: "CmdOrCtrl+O", click: () => importFromFile(shell) },
        { label: "Export orgs…", accelerator: "CmdOrCtrl+S", click: () => exportToFile(shell) },
        separator,
        { label: "Open data folder", click: () => openPath(shell.dataDir, "Open data folder") },
        { label: "Reset to seed", click: () => resetToSeed(shell) },
        { label: "Snapshots", submenu: snapshotsMenu(shell) },
        { label: "Start with fixture file…", click: () => chooseFixtureFile(shell) },
        separator,
        { role: "quit" },
      ],
    },
    {
      label: "Edit",
      submenu: [{ role: "undo" }, { role: "redo" }, separator, { role: "cut" }, { role: "copy" }, { role: "paste" }, { role: "selectAll" }],
    },
    {
      label: "View",
      submenu: [
        { role: "reload" },
        { role: "forceReload" },
        { role: "toggleDevTools" },
        separator,
        { role: "resetZoom" },
        { role: "zoomIn" },
        { role: "zoomOut" },
        separator,
        { role: "togglefullscreen" },
      ],
    },
    {
      label: "Help",
      submenu: [
        { label: "Open README", click: () => openPath(shell.readmePath, "Open README") },
        {
          label: "Open issuer in browser",
          click: () => runAction(shell, "Open issuer", async () => void (await openExternalLink(shell.ports.shell, shell.emulator.issuer))),
        },
      ],
    },
  ];
}
