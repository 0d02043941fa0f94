// The desktop app's menus and file functions on the built app with the fake electron module and a real
// emulator: import a file chosen in a faked dialog, export to a faked save path (the file is the real
// export document), reset, snapshots, the data folder, Help; and the preload's file functions.

import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHANNELS } from "../../electron/channels.js";
import { defaultFixtures } from "../../emulator/src/index.js";
import { click, invoke, menuItem, newUserData, quitApp, type RunningApp, startApp } from "./desktop-harness.js";

const ORG_ID = "500000000000000011";
/** The admin PAT fixed by the fixture file the app starts with, so the test can ask for the export itself. */
const PAT = "desktop-menu-test-admin-pat";
const DOC = { orgs: [{ orgId: ORG_ID, org: { name: "Menu Org" }, humanUsers: [] }] };

describe("desktop menus", () => {
  let app: RunningApp;
  const userData = newUserData();
  const file = (name: string) => join(userData, name);
  /** The org ids of an export made through File > Export orgs… into `name`. */
  const exportedIds = async (name: string) => {
    app.fake.answers.save.push(file(name));
    await click(app, "File", "Export orgs…");
    return (JSON.parse(readFileSync(file(name), "utf8")) as { orgs: { orgId: string }[] }).orgs.map((o) => o.orgId);
  };

  before(async () => {
    // Start with a fixture file (File > Start with fixture file… stores its path as here): the default seed with a known PAT.
    const fixtures = defaultFixtures() as unknown as {
      instances: { orgs: { users: { personalAccessTokens?: { adminPat?: boolean; token?: string }[] }[] }[] }[];
    };
    const admin = fixtures.instances[0]!.orgs[0]!.users.flatMap((u) => u.personalAccessTokens ?? []).find((p) => p.adminPat)!;
    admin.token = PAT;
    writeFileSync(file("fixtures.json"), JSON.stringify(fixtures));
    writeFileSync(file("settings.json"), JSON.stringify({ fixtureFile: file("fixtures.json") }));
    app = await startApp({ userData });
  });
  after(() => quitApp(app));

  it("has File, Edit, View and Help with the expected items", () => {
    const labels = (items: { label?: string; role?: string; type?: string }[]) => items.filter((i) => i.type !== "separator").map((i) => i.label ?? i.role);
    const menu = app.fake.record.menus.at(-1) as { label: string; submenu: { label?: string; role?: string }[] }[];
    assert.deepEqual(
      menu.map((m) => m.label),
      ["File", "Edit", "View", "Help"],
    );
    assert.deepEqual(labels(menu[0]!.submenu), [
      "Import org file…",
      "Export orgs…",
      "Open data folder",
      "Reset to seed",
      "Snapshots",
      "Start with fixture file…",
      "quit",
    ]);
    assert.deepEqual(labels(menu[1]!.submenu), ["undo", "redo", "cut", "copy", "paste", "selectAll"]);
    assert.deepEqual(labels(menu[2]!.submenu), ["reload", "forceReload", "toggleDevTools", "resetZoom", "zoomIn", "zoomOut", "togglefullscreen"]);
    assert.deepEqual(labels(menu[3]!.submenu), ["Open README", "Open issuer in browser"]);
  });

  it("File > Import org file… imports the chosen file through the emulator, and the window gets a fresh UI link", async () => {
    writeFileSync(file("org.json"), JSON.stringify(DOC));
    const loads = app.fake.record.loaded.length;
    app.fake.answers.open.push(file("org.json"));
    await click(app, "File", "Import org file…");
    assert.deepEqual(app.fake.record.errors, []);
    assert.equal(app.fake.record.messages.at(-1)!.message, "Imported 1 org from org.json");
    assert.equal(app.fake.record.loaded.length, loads + 1);
    const [previous, fresh] = app.fake.record.loaded.slice(-2);
    assert.match(fresh!, /\/ui\/\?t=[\w-]+$/);
    assert.notEqual(fresh, previous, "a one-time link is never loaded twice");
    assert.ok((await exportedIds("after-import.json")).includes(ORG_ID));
  });

  it("a second import of the same file is refused with the import's errors and changes nothing", async () => {
    app.fake.answers.open.push(file("org.json"));
    await click(app, "File", "Import org file…");
    const shown = app.fake.record.messages.at(-1)!;
    assert.equal(shown.message, "org.json was not imported");
    assert.match(shown.detail!, /already exists|taken/i);
    assert.equal((await exportedIds("after-second.json")).filter((id) => id === ORG_ID).length, 1);
  });

  it("a file that is not JSON ends in an error box; a cancelled dialog does nothing", async () => {
    writeFileSync(file("bad.json"), "{ nope");
    app.fake.answers.open.push(file("bad.json"));
    await click(app, "File", "Import org file…");
    assert.equal(app.fake.record.errors.length, 1);
    assert.equal(app.fake.record.errors[0]![0], "Import failed");
    assert.match(app.fake.record.errors[0]![1], /^The file is not JSON: /);
    app.fake.record.errors.length = 0;
    const shown = app.fake.record.messages.length;
    app.fake.answers.open.push(null);
    await click(app, "File", "Import org file…");
    assert.equal(app.fake.record.messages.length, shown);
    assert.deepEqual(app.fake.record.errors, []);
  });

  it("File > Export orgs… writes the admin export document to the path chosen in the save dialog", async () => {
    app.fake.answers.save.push(file("export.json"));
    await click(app, "File", "Export orgs…");
    assert.match(app.fake.record.messages.at(-1)!.message, /^save dialog: orgs-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/);
    const written = readFileSync(file("export.json"), "utf8");
    // The real export: byte for byte what the admin API answers for every org of the instance.
    const direct = await fetch(`${app.origin}/admin/v1/export`, {
      method: "POST",
      headers: { authorization: `Bearer ${PAT}`, "content-type": "application/json" },
      body: JSON.stringify({ responseOutput: true }),
    });
    assert.equal(direct.status, 200);
    assert.equal(written, await direct.text());
    const orgs = (JSON.parse(written) as { orgs: { orgId: string; org: { name: string } }[] }).orgs;
    assert.ok(orgs.length >= 2);
    assert.deepEqual(orgs.find((o) => o.orgId === ORG_ID)?.org, { name: "Menu Org" });
  });

  it("the preload's openImportFile answers the chosen file's name and text, never its path; saveExport writes the bytes it is given", async () => {
    const ui = `${app.origin}/ui/`;
    app.fake.answers.open.push(file("org.json"));
    assert.deepEqual(await invoke(app, CHANNELS.openImportFile, ui), { name: "org.json", text: JSON.stringify(DOC) });
    app.fake.answers.open.push(null);
    assert.equal(await invoke(app, CHANNELS.openImportFile, ui), null);
    app.fake.answers.save.push(file("from-ui.json"));
    // Bytes that are no valid UTF-8 (a BOM, a lone continuation byte) arrive in the file unchanged.
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x80, 0x7d, 0x0a]);
    assert.deepEqual(await invoke(app, CHANNELS.saveExport, ui, "../../etc/orgs.json", bytes), { name: "from-ui.json" });
    assert.equal(app.fake.record.messages.at(-1)!.message, "save dialog: orgs.json", "the suggested name loses its folders");
    assert.deepEqual(new Uint8Array(readFileSync(file("from-ui.json"))), bytes);
    // Anything but bytes is refused before a dialog opens: text, an object, nothing.
    const dialogs = app.fake.record.messages.length;
    for (const notBytes of ['{"orgs":[]}', { not: "bytes" }, undefined, [1, 2]])
      await assert.rejects(
        invoke(app, CHANNELS.saveExport, ui, "x.json", notBytes),
        /saveExport\(name, bytes\) takes a file name \(a string\) and the file's bytes \(a Uint8Array\)/,
      );
    await assert.rejects(invoke(app, CHANNELS.saveExport, ui, 7, bytes), /saveExport\(name, bytes\) takes a file name/);
    assert.equal(app.fake.record.messages.length, dialogs);
    await invoke(app, CHANNELS.revealDataDir, ui);
    assert.deepEqual(app.fake.record.openedPaths.at(-1), join(userData, "data"));
  });

  it("Snapshots: save lists the snapshot in the menu; restore brings it back after a confirmation", async () => {
    assert.equal(menuItem(app, "File", "Snapshots").submenu!.at(-1)!.label, "No snapshots yet");
    await click(app, "File", "Snapshots", "Save snapshot");
    const restore = menuItem(app, "File", "Snapshots").submenu!.at(-1)!;
    assert.match(restore.label!, /^Restore snapshot-\d{4}-/);

    app.fake.answers.message.push(0); // Reset
    await click(app, "File", "Reset to seed");
    assert.ok(!(await exportedIds("after-reset.json")).includes(ORG_ID), "the reset removed the imported org");

    app.fake.answers.message.push(1); // Cancel
    await restore.click!();
    assert.ok(!(await exportedIds("after-cancel.json")).includes(ORG_ID), "cancelled: nothing restored");
    app.fake.answers.message.push(0); // Restore
    await restore.click!();
    assert.ok((await exportedIds("after-restore.json")).includes(ORG_ID));
  });

  it("Help opens the issuer in the system browser and the README with the system's viewer; Open data folder opens userData/data", async () => {
    await click(app, "Help", "Open issuer in browser");
    assert.equal(app.fake.record.external.at(-1), `${app.origin}/`);
    await click(app, "Help", "Open README");
    assert.match(app.fake.record.openedPaths.at(-1)!, /README\.md$/);
    await click(app, "File", "Open data folder");
    assert.equal(app.fake.record.openedPaths.at(-1), join(userData, "data"));
  });
});
