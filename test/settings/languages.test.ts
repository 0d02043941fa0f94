// SvcLanguageSettings on REST, gRPC and gRPC-web (spec "Language settings"; issue 4): set, inherit
// with owner, reset, the system's immutable supported languages, validation, permissions, the
// feature flag, and what discovery and the login pages make of the result.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { SvcLanguageSettings } from "../../emulator/src/gen/svc/settings/language/v3alpha/language_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { transportsFor } from "../helpers/transports.js";
import { defaultFixtures } from "../helpers/fixtures.js";
import { Browser } from "../helpers/browser.js";

const VIEWER = "viewer-token-0123456789abcdef";
const fixtures = defaultFixtures();
fixtures.instances[0]!.orgs[0]!.users!.push({ type: "machine", username: "viewer", name: "Viewer", personalAccessTokens: [{ token: VIEWER }] });
fixtures.instances[0]!.members!.push({ user: "viewer", roles: ["IAM_OWNER_VIEWER"] });
const emu = await startTestEmulator({ fixtures });
const ctl = control(emu);
const pat = emu.adminPat;
const set = transportsFor(emu.url, {
  service: SvcLanguageSettings,
  protoFile: "svc/settings/language/v3alpha/language_service.proto",
  routes: {
    SetLanguages: { verb: "PATCH", path: "/settings/v3alpha/languages", body: "settings" },
    ResolveLanguages: { verb: "GET", path: "/settings/v3alpha/languages" },
  },
});
const instanceId = (await ctl.as("instances", "/instances")).body.instances[0]!.id;
const orgId = (await ctl.as("events", "/events?type=org.added")).body.events[0]!.aggregateId;
const SYSTEM = { type: "OWNER_TYPE_SYSTEM", id: "SYSTEM" };
const INSTANCE = { type: "OWNER_TYPE_INSTANCE", id: instanceId };
const keys = (...k: string[]) => k.map((key) => ({ key }));
const ALL = ["bg", "cs", "de", "en", "es", "fr", "hu", "id", "it", "ja", "ko", "mk", "nl", "pl", "pt", "ro", "ru", "sv", "zh"];

for (const t of set.all) {
  describe(`language settings over ${t.name}`, () => {
    const resolve = async (ctx?: Record<string, string | boolean>) => ok(await t.call("ResolveLanguages", ctx ? { ctx } : {}, pat));
    before(async () => void (await ctl("/reset", { method: "POST" })));

    it("resolves the system's values at first, each inherited with the system as owner", async () => {
      const r = await resolve();
      assert.deepEqual(r.settings, {
        defaultLanguage: { value: "en", owner: SYSTEM },
        restrictedLanguages: { value: keys(...ALL), owner: SYSTEM },
        supportedLanguages: { value: keys(...ALL), owner: SYSTEM },
      });
      assert.deepEqual(r.details, { owner: INSTANCE }, "nothing set yet: sequence 0, omitted in proto3 JSON");
      const system = await resolve({ system: true });
      assert.deepEqual((system.settings as { defaultLanguage: unknown }).defaultLanguage, { value: "en" }, "the system owns its own value: no owner");
    });

    it("sets values on the instance that its orgs inherit with the instance as owner", async () => {
      const r = ok(
        await t.call("SetLanguages", { settings: { defaultLanguage: { key: "de" }, restrictedLanguages: { languages: keys("de", "en", "fr") } } }, pat),
      );
      assert.equal((r.details as { sequence: string }).sequence, "1");
      assert.deepEqual((await resolve()).settings, {
        defaultLanguage: { value: "de" },
        restrictedLanguages: { value: keys("de", "en", "fr") },
        supportedLanguages: { value: keys(...ALL), owner: SYSTEM },
      });
      const org = (await resolve({ orgId })).settings as Record<string, unknown>;
      assert.deepEqual(org.defaultLanguage, { value: "de", owner: INSTANCE });
      assert.deepEqual(org.restrictedLanguages, { value: keys("de", "en", "fr"), owner: INSTANCE });
    });

    it("overrides one property in an org and resets it to the parent's value", async () => {
      ok(await t.call("SetLanguages", { ctx: { orgId }, settings: { defaultLanguage: { key: "fr" } } }, pat));
      const org = (await resolve({ orgId })).settings as Record<string, unknown>;
      assert.deepEqual(org.defaultLanguage, { value: "fr" });
      assert.deepEqual(org.restrictedLanguages, { value: keys("de", "en", "fr"), owner: INSTANCE });
      ok(await t.call("SetLanguages", { ctx: { orgId }, settings: { resetDefaultLanguage: true } }, pat));
      assert.deepEqual(((await resolve({ orgId })).settings as Record<string, unknown>).defaultLanguage, { value: "de", owner: INSTANCE });
    });

    it("refuses bad languages, duplicates and a default outside the restricted ones, storing nothing", async () => {
      const before = (await resolve()).settings;
      fails(
        await t.call("SetLanguages", { settings: { defaultLanguage: { key: "EN" } } }, pat),
        3,
        400,
        /default_language\.key: value does not match regex pattern "\^\[a-z\]\{2\}\$" \[string\.pattern\]/,
      );
      fails(await t.call("SetLanguages", { settings: { defaultLanguage: { key: "tr" } } }, pat), 3, 400, /Language is not supported: tr/, "LANG-lg4DP");
      fails(
        await t.call("SetLanguages", { settings: { restrictedLanguages: { languages: keys("de", "de") } } }, pat),
        3,
        400,
        /appears twice: de/,
        "LANG-3M9f2",
      );
      fails(
        await t.call("SetLanguages", { settings: { restrictedLanguages: { languages: keys("en", "fr") } } }, pat),
        9,
        400,
        /default language de must be among the restricted languages/,
        "COMMAND-L0m2u",
      );
      assert.deepEqual((await resolve()).settings, before);
    });

    it("lets readers resolve but not set; only system owners set the system's settings", async () => {
      ok(await t.call("ResolveLanguages", {}, VIEWER));
      fails(
        await t.call("SetLanguages", { settings: { defaultLanguage: { key: "en" } } }, VIEWER),
        7,
        403,
        /No permission to change the settings of the instance context/,
      );
      fails(await t.call("SetLanguages", { ctx: { system: true }, settings: { defaultLanguage: { key: "en" } } }, VIEWER), 7, 403, /system context/);
      ok(await t.call("SetLanguages", { ctx: { system: true }, settings: { restrictedLanguages: { languages: keys("de", "en", "fr", "it") } } }, pat));
      ok(await t.call("SetLanguages", { settings: { resetRestrictedLanguages: true } }, pat));
      assert.deepEqual(((await resolve()).settings as Record<string, unknown>).restrictedLanguages, { value: keys("de", "en", "fr", "it"), owner: SYSTEM });
      fails(await t.call("ResolveLanguages", { ctx: { orgId: "404" } }, pat), 5, 404, /does not exist/);
      fails(await t.call("ResolveLanguages", { ctx: { system: false } }, pat), 3, 400, /ctx\.system: value must equal true/);
    });
  });
}

describe("what follows from the language settings", () => {
  it("lists the restricted languages in discovery and shows the login page in an allowed language", async () => {
    await ctl("/reset", { method: "POST" });
    const t = set.all[0]!;
    ok(await t.call("SetLanguages", { settings: { defaultLanguage: { key: "de" }, restrictedLanguages: { languages: keys("de", "en") } } }, pat));
    const discovery = (await (await fetch(`${emu.url}/.well-known/openid-configuration`)).json()) as { ui_locales_supported: string[] };
    assert.deepEqual(discovery.ui_locales_supported, ["de", "en"]);
    const page = await new Browser(emu.url).go(
      `${emu.url}/oauth/v2/authorize?client_id=demo-server&redirect_uri=${encodeURIComponent("http://localhost:3000/api/auth/callback")}` +
        "&response_type=code&scope=openid",
    );
    const french = await fetch(page.url, { headers: { "accept-language": "fr" } });
    assert.match(await french.text(), /<html lang="de">/, "French is not allowed: the instance's default");
    const english = await fetch(page.url, { headers: { "accept-language": "en" } });
    assert.match(await english.text(), /<html lang="en">/);
  });

  it("answers FailedPrecondition while multitenancy_settings is off", async () => {
    await ctl(`/instances/${instanceId}/features`, { method: "PATCH", json: { multitenancy_settings: false } });
    fails(await set.all[0]!.call("ResolveLanguages", {}, pat), 9, 400, /Feature "multitenancy_settings" is not enabled/);
    set.close();
  });
});
