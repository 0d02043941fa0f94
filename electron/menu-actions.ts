// What the File menu's items do. Each runs in the main process with its dialogs; a failure is shown
// in an error box with the API's message and changes nothing.

import { chooseJsonFile, chooseJsonPath, saveBytesAs } from "./file-dialogs.js";
import { exportOrgs, importOrgFile } from "./org-files.js";
import type { ShellContext } from "./shell-context.js";

/** Runs a menu action; an error ends in an error box titled `title`, never in an unhandled rejection. */
export async function runAction(shell: ShellContext, title: string, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (e) {
    shell.ports.dialog.showErrorBox(title, (e as Error).message);
  }
}

const info = (shell: ShellContext, message: string, detail?: string) =>
  shell.ports.dialog.showMessageBox(shell.window, { type: "info", message, ...(detail ? { detail } : {}) });

async function confirm(shell: ShellContext, message: string, detail: string, action: string): Promise<boolean> {
  const answer = await shell.ports.dialog.showMessageBox(shell.window, {
    type: "question",
    message,
    detail,
    buttons: [action, "Cancel"],
    defaultId: 1,
    cancelId: 1,
  });
  return answer.response === 0;
}

/** File > Import org file…: a file chosen in the dialog, imported all or nothing through the control API. */
export function importFromFile(shell: ShellContext): Promise<void> {
  return runAction(shell, "Import failed", async () => {
    const file = await chooseJsonFile(shell.ports.dialog, shell.window, "Import org file");
    if (!file) return;
    const summary = await importOrgFile(shell.emulator, file.text);
    if (summary.errors.length > 0) {
      const lines = summary.errors.slice(0, 20).map((e) => `${e.path}: ${e.message}`);
      if (summary.errors.length > 20) lines.push(`… and ${summary.errors.length - 20} more`);
      await shell.ports.dialog.showMessageBox(shell.window, { type: "error", message: `${file.name} was not imported`, detail: lines.join("\n") });
      return;
    }
    await shell.reloadUi();
    await info(shell, `Imported ${summary.orgs} org${summary.orgs === 1 ? "" : "s"} from ${file.name}`);
  });
}

/** A file name for an export made now, e.g. orgs-2026-01-31T10-00-00.json. */
export const exportFileName = (now: Date) => `orgs-${now.toISOString().slice(0, 19).replace(/:/g, "-")}.json`;

/** File > Export orgs…: the admin export of every org, saved where the dialog says. */
export function exportToFile(shell: ShellContext, now = new Date()): Promise<void> {
  return runAction(shell, "Export failed", async () => {
    const text = await exportOrgs(shell.emulator);
    await saveBytesAs(shell.ports.dialog, shell.window, exportFileName(now), Buffer.from(text, "utf8"));
  });
}

/** File > Reset to seed, after a confirmation. */
export function resetToSeed(shell: ShellContext): Promise<void> {
  return runAction(shell, "Reset failed", async () => {
    if (!(await confirm(shell, "Reset to the seed?", "Everything created since the first start is removed. Snapshots stay.", "Reset"))) return;
    shell.emulator.reset();
    await shell.reloadUi();
  });
}

/** File > Snapshots > Save snapshot: named after the time, so it needs no prompt (Electron has none). */
export function saveSnapshot(shell: ShellContext, now = new Date()): Promise<void> {
  return runAction(shell, "Snapshot failed", async () => {
    const name = `snapshot-${now.toISOString().slice(0, 19).replace(/:/g, "-")}`;
    shell.emulator.snapshot(name);
    shell.rebuildMenu();
    await info(shell, `Saved snapshot ${name}`);
  });
}

/** File > Snapshots > <name>: brings it back, after a confirmation. */
export function restoreSnapshot(shell: ShellContext, name: string): Promise<void> {
  return runAction(shell, "Restore failed", async () => {
    if (!(await confirm(shell, `Restore ${name}?`, "The current data is replaced by the snapshot's.", "Restore"))) return;
    shell.emulator.restore(name);
    await shell.reloadUi();
  });
}

/** File > Start with fixture file…: stored as a setting; it seeds a data folder that is still empty. */
export function chooseFixtureFile(shell: ShellContext): Promise<void> {
  return runAction(shell, "Fixture file", async () => {
    const path = await chooseJsonPath(shell.ports.dialog, shell.window, "Start with fixture file");
    if (!path) return;
    shell.changeSettings({ fixtureFile: path });
    await info(shell, "Fixture file set", "It seeds the data folder when the data folder is new: at the first start, or after the data folder was removed.");
  });
}
