// The users screen's filter on 10,000 users (issue 13, aim ≤ 100 ms per keystroke): an in-memory
// emulator seeded with 10,000 humans, the screen in headless Chromium, and per keystroke the time from
// the input event to the table's caption showing the new count (the DOM committed, observed in the
// page). Also the filter function alone in Node, and the time until the screen lists all users.

import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import { defaultFixtures, startEmulator } from "../emulator/src/index.js";
import { filterUsers, rowOf, type ApiUser } from "../renderer/src/screens/users/user-list.js";
import { summary } from "./stats.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface UiFilterResult {
  users: number;
  /** Navigation to the users screen until every user is listed. */
  readyMs: number;
  /** Input event to the new count in the caption, narrowing to one user and back to all. */
  keystroke: ReturnType<typeof summary>;
  /** filterUsers alone on the same rows in Node. */
  filterOnly: ReturnType<typeof summary>;
}

export async function uiFilter(users = 10_000, keystrokes = 40): Promise<UiFilterResult | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const fixtures = defaultFixtures();
  const org = fixtures.instances[0]!.orgs![0]!;
  for (let i = 0; i < users; i++) {
    const n = String(i).padStart(5, "0");
    org.users!.push({ type: "human", username: `user-${n}`, firstName: "Load", lastName: `Tester ${n}`, email: `user-${n}@example.com` });
  }
  const listed = org.users!.length;
  const emu = await startEmulator({ port: 0, inMemory: true, fixtures });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(emu.uiLink());
    await page.waitForSelector("header.top nav");
    await page.waitForLoadState("networkidle");
    const t0 = performance.now();
    await page.goto(`${emu.url}/ui/users`);
    await page.waitForSelector(`.virtual-table caption:has-text('(${listed})')`, { timeout: 60_000 });
    const readyMs = performance.now() - t0;

    const samples: number[] = [];
    for (let i = 0; i < keystrokes; i++) {
      const query = i % 2 === 0 ? `user-${String((i * 2477) % users).padStart(5, "0")}` : "";
      samples.push(
        await page.evaluate(async (q) => {
          const input = document.querySelector<HTMLInputElement>("input[type=search]")!;
          const caption = document.querySelector(".virtual-table caption")!;
          const before = caption.textContent;
          const changed = new Promise<number>((resolve) => {
            new MutationObserver((_, o) => {
              if (caption.textContent !== before) o.disconnect(), resolve(performance.now());
            }).observe(caption, { childList: true, subtree: true, characterData: true });
          });
          const start = performance.now();
          // React listens for the input event; the native setter makes it see the new value.
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, q);
          input.dispatchEvent(new Event("input", { bubbles: true }));
          return (await changed) - start;
        }, query),
      );
    }

    const body = (await (
      await fetch(`${emu.url}/resources/v3alpha/users/_search?query.limit=1000`, {
        method: "POST",
        headers: { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json" },
        body: "[]",
      })
    ).json()) as { result: ApiUser[] };
    // The same 10,000 rows as the page holds, built from one page of the API's users.
    const rows = Array.from({ length: listed }, (_, i) => rowOf(body.result[i % body.result.length]!));
    const filterOnly: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s = performance.now();
      filterUsers(rows, `user-${String(i).padStart(5, "0")}`);
      filterOnly.push(performance.now() - s);
    }
    return { users, readyMs, keystroke: summary(samples), filterOnly: summary(filterOnly) };
  } finally {
    await browser.close();
    await emu.close();
  }
}

// Alone: node --import tsx bench/ui-filter.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await uiFilter();
  console.log(JSON.stringify(r, null, 2));
}
