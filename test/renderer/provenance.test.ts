// renderer/src/screens/hierarchy/provenance.ts: where a setting's value comes from, for the owners a
// running emulator's SvcLanguageSettings answers (set here, inherited from the instance or system).

import { servedFrom } from "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { resourceClient, SETTINGS_BASE } from "../../renderer/src/api/resource.js";
import { provenance } from "../../renderer/src/screens/hierarchy/provenance.js";
import { startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
servedFrom(emu.url);
const settings = resourceClient(emu.adminPat, SETTINGS_BASE);
const orgId = (await resourceClient(emu.adminPat).post<{ result: { details: { id: string } }[] }>("/organizations/_search", [])).result[0]!.details.id;
type Resolved = { owner?: Parameters<typeof provenance>[0] };
const resolved = async (query = "") =>
  (await settings.get<{ settings: Record<"defaultLanguage" | "supportedLanguages", Resolved> }>(`/languages${query}`)).settings;

describe("provenance", () => {
  it("says where each resolved language setting comes from", async () => {
    const ofOrg = async () => (await resolved(`?ctx.orgId=${orgId}`)).defaultLanguage.owner;
    assert.equal(provenance(await ofOrg()), "inherited from system default");
    await settings.patch("/languages", { defaultLanguage: { key: "fr" } });
    assert.equal(provenance((await resolved()).defaultLanguage.owner), "set here");
    assert.equal(provenance(await ofOrg()), "inherited from instance");
    await settings.patch(`/languages?ctx.orgId=${orgId}`, { defaultLanguage: { key: "de" } });
    assert.equal(provenance(await ofOrg()), "set here");
    assert.equal(provenance((await resolved(`?ctx.orgId=${orgId}`)).supportedLanguages.owner), "inherited from system default");
  });

  it("names the org a value is inherited from, and says set here without an owner", () => {
    assert.equal(provenance({ type: "OWNER_TYPE_INSTANCE", id: "1" }), "inherited from instance");
    assert.equal(provenance({ type: "OWNER_TYPE_ORG", id: "42" }), "inherited from org 42");
    assert.equal(provenance(undefined), "set here");
  });
});
