// The x-svc-instance-host header (docs/behaviour.md, "Hosts and instances"): on REST, gRPC and
// gRPC-web the resource and settings APIs serve the instance the header names, resolved like a Host;
// an unknown one is NotFound; the Host itself is still checked against DNS rebinding; the token
// must be valid in the chosen instance.

import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { SvcOrganizations } from "../../emulator/src/gen/svc/resources/org/v3alpha/org_service_pb.js";
import { SvcLanguageSettings } from "../../emulator/src/gen/svc/settings/language/v3alpha/language_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { request, requestWithHost, startTestEmulator } from "../helpers/emulator.js";
import { memberToken } from "../helpers/members.js";
import { type TransportSet, transportsFor } from "../helpers/transports.js";

const emu = await startTestEmulator();
const B = "/resources/v3alpha";
const HEADER = "x-svc-instance-host";
const ORG_ROUTES = {
  CreateOrganization: { verb: "POST", path: `${B}/organizations`, body: "organization" },
  SearchOrganizations: { verb: "POST", path: `${B}/organizations/_search`, body: "filters" },
};
const orgs = (headers?: Record<string, string>) =>
  transportsFor(emu.url, { service: SvcOrganizations, protoFile: "svc/resources/org/v3alpha/org_service.proto", routes: ORG_ROUTES, headers });
const names = (body: Record<string, unknown>) => ((body.result ?? []) as { organization: { name: string } }[]).map((o) => o.organization.name).sort();

let secondId = "";
const open: TransportSet[] = [];
const track = (t: TransportSet) => (open.push(t), t);

before(async () => {
  const created = await request(`${emu.url}${B}/instances`, {
    method: "POST",
    token: emu.adminPat,
    json: { name: "Second", domains: ["second.example"], defaultOrgName: "Second Org" },
  });
  assert.equal(created.status, 201, created.text);
  secondId = (created.body as { details: { id: string } }).details.id;
});
after(() => {
  for (const t of open) t.close();
});

describe("the x-svc-instance-host header", () => {
  it("serves the named instance on REST, gRPC and gRPC-web (port ignored), the Host's without it", async () => {
    const second = track(orgs({ [HEADER]: `second.example:${emu.port}` }));
    const plain = track(orgs());
    const made = ok(await second.all[0]!.call("CreateOrganization", { organization: { name: "Made Via Header" } }, emu.adminPat), 201);
    assert.deepEqual((made.details as { resourceOwner: unknown }).resourceOwner, { type: "OWNER_TYPE_INSTANCE", id: secondId });
    for (const t of second.all) assert.deepEqual(names(ok(await t.call("SearchOrganizations", {}, emu.adminPat))), ["Made Via Header", "Second Org"], t.name);
    for (const t of plain.all) assert.ok(!names(ok(await t.call("SearchOrganizations", {}, emu.adminPat))).includes("Second Org"), t.name);
    // Upper case and an empty header: resolved like a Host / not sent.
    const upper = track(orgs({ [HEADER]: "SECOND.EXAMPLE" }));
    assert.deepEqual(names(ok(await upper.all[0]!.call("SearchOrganizations", {}, emu.adminPat))), ["Made Via Header", "Second Org"]);
    const empty = await request(`${emu.url}${B}/organizations/_search`, { method: "POST", token: emu.adminPat, headers: { [HEADER]: " " }, json: [] });
    assert.equal(empty.status, 200);
    assert.ok(!names(empty.body as Record<string, unknown>).includes("Second Org"));
  });

  it("serves the settings API of the named instance", async () => {
    const set = track(
      transportsFor(emu.url, {
        service: SvcLanguageSettings,
        protoFile: "svc/settings/language/v3alpha/language_service.proto",
        routes: {
          SetLanguages: { verb: "PATCH", path: "/settings/v3alpha/languages", body: "settings" },
          ResolveLanguages: { verb: "GET", path: "/settings/v3alpha/languages" },
        },
        headers: { [HEADER]: "second.example" },
      }),
    );
    ok(await set.all[0]!.call("SetLanguages", { settings: { defaultLanguage: { key: "de" } } }, emu.adminPat));
    for (const t of set.all) {
      const body = ok(await t.call("ResolveLanguages", {}, emu.adminPat));
      assert.deepEqual((body.settings as { defaultLanguage: unknown }).defaultLanguage, { value: "de" }, t.name);
    }
    const here = await request(`${emu.url}/settings/v3alpha/languages`, { token: emu.adminPat });
    assert.equal((here.body as { settings: { defaultLanguage: { value: string } } }).settings.defaultLanguage.value, "en");
  });

  it("answers an unknown instance NotFound on every transport, as an unknown Host", async () => {
    const nowhere = track(orgs({ [HEADER]: "nowhere.example" }));
    for (const t of nowhere.all) fails(await t.call("SearchOrganizations", {}, emu.adminPat), 5, 404, /^Instance not found for host "nowhere.example"/);
  });

  it("still refuses a Host that is neither loopback nor an instance domain", async () => {
    const r = await requestWithHost(emu.port, `${B}/organizations/_search`, "evil.example", {
      method: "POST",
      headers: { authorization: `Bearer ${emu.adminPat}`, [HEADER]: "second.example", "content-type": "application/json" },
      body: "[]",
    });
    assert.equal(r.status, 403);
    assert.deepEqual(JSON.parse(r.text), { code: 7, message: 'Host "evil.example" is not served here: use localhost or an instance domain' });
  });

  it("keeps a token to its instance: another instance's PAT is refused there", async () => {
    const viewer = await memberToken(emu.url, emu.adminPat, "viewer-of-default", ["IAM_OWNER_VIEWER"]);
    ok(await track(orgs()).all[0]!.call("SearchOrganizations", {}, viewer.token));
    for (const t of track(orgs({ [HEADER]: "second.example" })).all) fails(await t.call("SearchOrganizations", {}, viewer.token), 16, 401, /Token is invalid/);
  });
});
