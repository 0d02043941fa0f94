// Issue 4's rows: SearchIDPs latency over 1 instance × 200 orgs × 50 IDPs (one page), and
// ResolveLanguages latency at org level. The hierarchy is written through the domain commands.

import { startEmulator } from "../emulator/src/index.js";
import { internals } from "../emulator/src/internal.js";
import { createOrg } from "../emulator/src/domain/org/commands.js";
import { createIdp } from "../emulator/src/domain/idp/commands.js";
import { setLanguages } from "../emulator/src/domain/settings/commands.js";
import { summary } from "./stats.js";

const options = { isLinkingAllowed: false, isCreationAllowed: false, isAutoCreation: false, isAutoUpdate: false, autoLinking: 0 };

export async function settingsAndIdps(orgCount: number, idpsPerOrg: number, runs: number) {
  const emu = await startEmulator({ port: 0, inMemory: true });
  try {
    const instanceId = (internals(emu).core.db.stmt("SELECT id FROM instances WHERE is_default = 1").get() as { id: string }).id;
    const actor = { instanceId, userId: "bench" };
    const instance = { type: "instance" as const, id: instanceId, instanceId };
    setLanguages(internals(emu).core, actor, instance, { defaultLanguage: "de", restrictedLanguages: ["de", "en", "fr"] });
    let lastOrg = "";
    for (let o = 0; o < orgCount; o++) {
      lastOrg = createOrg(internals(emu).core, actor, { name: `org-${o}` }).aggregateId;
      const ctx = { type: "org" as const, id: lastOrg, instanceId };
      for (let i = 0; i < idpsPerOrg; i++)
        createIdp(internals(emu).core, actor, ctx, { name: `idp-${o}-${i}`, config: { clientId: "c", scopes: [] }, options, policy: "activate" });
    }
    const headers = { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json" };
    const time = async (url: string, init: RequestInit) => {
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
        await res.json();
        samples.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      }
      return summary(samples);
    };
    return {
      idps: orgCount * idpsPerOrg,
      searchIdps: await time(`${emu.url}/resources/v3alpha/idps/_search?query.limit=100`, { method: "POST", headers, body: "[]" }),
      resolveLanguages: await time(`${emu.url}/settings/v3alpha/languages?ctx.org_id=${lastOrg}`, { headers }),
    };
  } finally {
    await emu.close();
  }
}
