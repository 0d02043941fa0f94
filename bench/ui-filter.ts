// Issue 13's "filter time on 1,000 orgs": the context hierarchy screen in headless Chromium with
// 1,000 orgs in the instance; a filter text is typed (one input event) and the time runs until the
// screen shows the number of matching orgs (React rendered, the virtualised tree redrawn), measured in
// the page with performance.now(). Alternates a one-org filter and the empty one; median and p95.
// `node --import tsx bench/ui-filter.ts` prints the figures; `uiFilterTime` gives them to a runner.

import { chromium } from "playwright-core";
import { startEmulator } from "../emulator/src/index.js";
import { internals } from "../emulator/src/internal.js";
import { createOrg } from "../emulator/src/domain/org/commands.js";
import { summary } from "./stats.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Runs in the page, passed as text (tsx would add helpers to a function that the page lacks). React
// listens for the native input event; the prototype's value setter bypasses its value tracker.
const IN_PAGE = `(value, want) => new Promise((resolve) => {
  const input = document.querySelector("input[type=search]");
  const count = document.querySelector("[data-testid=tree-count]");
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (count.textContent !== want) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - t0));
  });
  observer.observe(count, { childList: true, characterData: true, subtree: true });
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
})`;

export async function uiFilterTime(orgCount = 1000, runs = 40) {
  const emu = await startEmulator({ port: 0, inMemory: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
  try {
    const core = internals(emu).core;
    const instanceId = (core.db.stmt("SELECT id FROM instances WHERE is_default = 1").get() as { id: string }).id;
    for (let o = 1; o <= orgCount; o++) createOrg(core, { instanceId, userId: "bench" }, { name: `Org ${String(o).padStart(4, "0")}` });
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(emu.uiLink());
    await page.waitForSelector("header.top nav");
    await page.click("header.top nav a:text-is('Contexts')");
    const total = orgCount + 1; // the seeded org too
    await page.waitForSelector(`[data-testid=tree-count]:text-is('${total} orgs')`);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const text = i % 2 === 0 ? `org ${String((i * 37) % orgCount || 1).padStart(4, "0")}` : "";
      const expected = text ? "1 orgs match" : `${total} orgs`;
      samples.push(await page.evaluate<number>(`(${IN_PAGE})(${JSON.stringify(text)}, ${JSON.stringify(expected)})`));
    }
    return { orgs: orgCount, ...summary(samples) };
  } finally {
    await browser.close();
    await emu.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await uiFilterTime();
  console.log(`filter on ${r.orgs} orgs (type to count shown): median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
}
