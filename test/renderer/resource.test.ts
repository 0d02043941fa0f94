// renderer/src/api/resource.ts: the renderer's resource and settings clients against a running
// emulator: the default instance by the page's Host, another instance by its domain in the
// x-svc-instance-host header, errors as ApiError, and left-out lists filled in.

import { servedFrom } from "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ApiError } from "../../renderer/src/api/http.js";
import { instanceClients, instanceHostOf, resourceClient } from "../../renderer/src/api/resource.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";

const emu = await startTestEmulator();
servedFrom(emu.url);
const created = await resourceClient(emu.adminPat).post<{ details: { id: string } }>("/instances", {
  name: "Second",
  domains: ["second.example"],
  defaultOrgName: "Second Org",
});
const instances = (await controlApi(emu).instances()).body.instances;
const first = instances.find((i) => i.isDefault)!;
const second = instances.find((i) => i.id === created.details.id)!;
type Orgs = { result: { organization: { name: string } }[] };
const orgNamesOf = (a: Orgs) => a.result.map((o) => o.organization.name).sort();

describe("instanceHostOf", () => {
  it("names no host for the default instance (the page's Host reaches it) and the first domain of another", () => {
    assert.equal(instanceHostOf(first), undefined);
    assert.equal(instanceHostOf(second), "second.example");
    assert.equal(instanceHostOf(undefined), undefined);
  });
});

describe("instanceClients", () => {
  it("reach the instance they are made for, the resource and the settings API alike", async () => {
    const here = instanceClients(emu.adminPat, first);
    const there = instanceClients(emu.adminPat, second);
    assert.deepEqual(orgNamesOf(await here.resource.post<Orgs>("/organizations/_search", [])), ["Emulator Org"]);
    assert.deepEqual(orgNamesOf(await there.resource.post<Orgs>("/organizations/_search", [])), ["Second Org"]);
    const languages = await there.settings.get<{ settings: { defaultLanguage: { value: string } } }>("/languages");
    assert.equal(typeof languages.settings.defaultLanguage.value, "string");
  });

  it("fill in the lists an answer leaves out, and throw the API's errors as ApiError", async () => {
    const { resource } = instanceClients(emu.adminPat, second);
    assert.deepEqual(await resource.post("/targets/_search", []), {
      details: (await resource.post<{ details: unknown }>("/targets/_search", [])).details,
      result: [],
    });
    const missing = await resource.get(`/users/${first.id}`).then(
      () => assert.fail("found"),
      (e: unknown) => e,
    );
    assert.ok(missing instanceof ApiError);
    assert.deepEqual([missing.code, missing.status], [5, 404]);
    const wrongToken = await resourceClient("not-a-token")
      .get("/users/1")
      .catch((e: ApiError) => e);
    assert.deepEqual([(wrongToken as ApiError).code, (wrongToken as ApiError).status], [16, 401]);
  });

  it("stop a call whose signal aborts", async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = await resourceClient(emu.adminPat)
      .post("/organizations/_search", [], { signal: controller.signal })
      .catch((e: Error) => e);
    assert.equal((aborted as Error).name, "AbortError");
  });
});
