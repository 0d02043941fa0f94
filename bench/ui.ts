// Issue 13's UI rows: bundle sizes (ui-bundle.ts), first contentful paint, "overview ready with live
// data" and the switch time of every screen in the navigation, in headless Debian Chromium through
// playwright-core, as research §4 measured its anchors: a new browser context per run (cold cache),
// median of 5. The emulator is the built CLI in its own process (in memory), Chromium runs in its
// own; every time is taken in the page with performance.now(), so the driver's round trips are not in it.
// Alone: `node --import tsx bench/ui.ts`; `npm run bench` calls uiBench(), uiRows() and uiFilterRows().

import { existsSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { type Browser, type Cookie, chromium } from "playwright-core";
import { spawnServer } from "./oidc.js";
import { ms, summary } from "./stats.js";
import { type BundleSizes, bundleSizes, kB } from "./ui-bundle.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RENDERER = fileURLToPath(new URL("../dist/renderer", import.meta.url));
const VIEWPORT = { width: 1280, height: 800 };

// In-page scripts are passed as text: tsx would add helpers to a function that the page lacks.
// PROBE runs before any script of the page (DevTools protocol, outside the page's CSP). It notes the
// first contentful paint, and the frame after the overview shows the clock read from the control API
// and the endpoints read from the UI session: that is "overview ready with live data".
const PROBE = `(() => {
  const bench = {};
  let settle;
  window.__bench = new Promise((resolve) => (settle = () => bench.fcp !== undefined && bench.ready !== undefined && resolve(bench)));
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") (bench.fcp = e.startTime), settle();
  }).observe({ type: "paint", buffered: true });
  const observer = new MutationObserver(() => {
    const clock = document.querySelector("[data-testid=clock-now]");
    const endpoint = document.querySelector("[aria-labelledby=endpoints-title] dd code");
    if (!clock || !endpoint || !endpoint.textContent.startsWith("http")) return;
    observer.disconnect();
    requestAnimationFrame(() => ((bench.ready = performance.now()), settle()));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})()`;

// Clicks the navigation link `title` and resolves with the time until the frame after the screen's
// h1 (its title, renderer/README.md) is in the DOM. Rejects after 10 s.
const SWITCH = `(title) => new Promise((resolve, reject) => {
  const link = [...document.querySelectorAll("header.top nav a")].find((a) => a.textContent === title);
  if (!link) return reject(new Error("no navigation link " + title));
  const main = document.getElementById("screen");
  const shown = () => main.querySelector("h1")?.textContent === title;
  const timer = setTimeout(() => (observer.disconnect(), reject(new Error(title + " not shown in 10 s"))), 10000);
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    clearTimeout(timer);
    requestAnimationFrame(() => resolve(performance.now() - t0));
  });
  observer.observe(main, { childList: true, subtree: true, characterData: true });
  link.click();
})`;

// With a single screen in the navigation there is nothing to switch from: the shell's own
// "No screen here" page (an in-app route, no reload) is the screen before it then.
const TO_NOWHERE = `(() => {
  history.pushState(null, "", "/ui/bench-nowhere");
  dispatchEvent(new PopStateEvent("popstate"));
})()`;

export interface UiBench {
  sizes: BundleSizes;
  runs: number;
  fcp: ReturnType<typeof summary>;
  overviewReady: ReturnType<typeof summary>;
  /** Per screen title: click on its navigation link → its h1 rendered; the first visit in a fresh context. */
  switches: Record<string, ReturnType<typeof summary>>;
  loadAverage: { before: number[]; after: number[] };
}

/** The session cookie of a signed-in browser: the ready line's one-time link spent once. */
async function sessionCookies(browser: Browser, link: string): Promise<Cookie[]> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.waitForSelector("header.top nav");
    return await context.cookies();
  } finally {
    await context.close();
  }
}

/** One cold run: a new context carrying only the session cookie opens /ui/, then visits every screen once. */
async function oneRun(browser: Browser, url: string, cookies: Cookie[]) {
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: "light" });
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    await page.goto(`${url}/ui/`);
    // Resolves once both the paint and the overview's data are in (PROBE).
    const { fcp, ready } = await page.evaluate<{ fcp: number; ready: number }>("window.__bench");
    const titles = await page.$$eval("header.top nav a", (links) => links.map((a) => a.textContent ?? ""));
    const [first, ...others] = titles;
    // Every other screen in navigation order from the overview, then back to the first (overview).
    const order = [...others, first!];
    if (others.length === 0) await page.evaluate(TO_NOWHERE), await page.waitForSelector("main h1:text-is('No screen here')");
    const switches: [string, number][] = [];
    for (const title of order) switches.push([title, await page.evaluate<number>(`(${SWITCH})(${JSON.stringify(title)})`)]);
    return { fcp, ready, switches };
  } finally {
    await context.close();
  }
}

export async function uiBench(runs = 5): Promise<UiBench> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const sizes = bundleSizes(RENDERER);
  const before = os.loadavg();
  const { child, ready } = await spawnServer(["bin/svc-emulator.cjs", "start", "--port", "0", "--in-memory", "--json"]);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const cookies = await sessionCookies(browser, String(ready.ui));
    const fcp: number[] = [];
    const overview: number[] = [];
    const switches: Record<string, number[]> = {};
    for (let i = 0; i < runs; i++) {
      const run = await oneRun(browser, String(ready.url), cookies);
      fcp.push(run.fcp);
      overview.push(run.ready);
      for (const [title, t] of run.switches) (switches[title] ??= []).push(t);
    }
    return {
      sizes,
      runs,
      fcp: summary(fcp),
      overviewReady: summary(overview),
      switches: Object.fromEntries(Object.entries(switches).map(([k, v]) => [k, summary(v)])),
      loadAverage: { before, after: os.loadavg() },
    };
  } finally {
    await browser.close();
    child.kill("SIGTERM");
  }
}

const spread = (s: ReturnType<typeof summary>) => `${ms(s.median)} (min ${ms(s.min)}, max ${ms(s.max)})`;

/** The rows for bench/run.ts's table, each with its aim (research §4). */
export function uiRows(r: UiBench): [string, string][] {
  const { initialJs, initialCss, lazy } = r.sizes;
  const chunks = lazy.map(
    (c) => `${c.name} ${kB(c.gzip)}${c.shared ? " (shared)" : c.gzipWithImports > c.gzip ? ` (${kB(c.gzipWithImports)} with its imports)` : ""}`,
  );
  const n = r.runs;
  return [
    [`UI initial JS, gzip -9 (${initialJs.files.length} files, ${kB(initialJs.raw)} raw)`, `${kB(initialJs.gzip)} (aim ≤ 200 kB)`],
    [`UI CSS, gzip -9 (${kB(initialCss.raw)} raw)`, `${kB(initialCss.gzip)} (aim ≤ 30 kB)`],
    ["UI lazy chunks, gzip -9 each", `${chunks.join("; ")} (aim ≤ 100 kB per screen)`],
    [`UI first contentful paint, cold context (median of ${n})`, `${spread(r.fcp)} (aim ≤ 400 ms)`],
    [`UI overview ready with live data: navigation → clock and endpoints shown (median of ${n})`, `${spread(r.overviewReady)} (aim ≤ 1000 ms)`],
    ...Object.entries(r.switches).map(([title, s]): [string, string] => [
      `UI screen switch to ${title}: click → its h1 shown (median of ${n})`,
      `${spread(s)} (aim ≤ 200 ms)`,
    ]),
  ];
}

// The hook for the filter rows (1,000 orgs in the hierarchy, 10,000 users): bench/ui-filter.ts is
// written by the screens' authors. Every export of it named …FilterTime is called without arguments and
// answers a summary (median, p95, min, max) plus its data size ({orgs: 1000} or {users: 10000}).
const FILTER_MODULE = new URL("./ui-filter.ts", import.meta.url);

export async function uiFilterRows(): Promise<[string, string][]> {
  if (!existsSync(FILTER_MODULE)) return [["UI filter on 1,000 orgs / 10,000 users", "not measured: bench/ui-filter.ts is not on this branch"]];
  const module = (await import(FILTER_MODULE.href)) as Record<string, unknown>;
  const rows: [string, string][] = [];
  for (const [name, run] of Object.entries(module)) {
    if (!name.endsWith("FilterTime") || typeof run !== "function") continue;
    const r = (await run()) as Record<string, number> & ReturnType<typeof summary>;
    const size = Object.entries(r)
      .filter(([k]) => !["median", "p95", "min", "max"].includes(k))
      .map(([k, v]) => `${v.toLocaleString("en")} ${k}`)
      .join(", ");
    rows.push([`UI filter, one keystroke to the list redrawn, ${size} (${name}; median / p95)`, `${ms(r.median)} / ${ms(r.p95)} (aim ≤ 100 ms)`]);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await uiBench();
  console.log(
    `load average before ${r.loadAverage.before.map((l) => l.toFixed(2)).join(" ")}, after ${r.loadAverage.after.map((l) => l.toFixed(2)).join(" ")}`,
  );
  console.log("| benchmark | result |\n|---|---|");
  for (const [k, v] of [...uiRows(r), ...(await uiFilterRows())]) console.log(`| ${k} | ${v} |`);
}
