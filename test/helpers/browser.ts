// A user agent for driving the login pages over HTTP: keeps cookies, follows redirects by hand and
// stops at the first URL outside the emulator (the client's redirect URI), which it never calls.
// Below it, the UI in a real browser (Chromium through playwright-core).

import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { after } from "node:test";
import { chromium, type Browser as Chromium, type BrowserContext, type Page as PwPage } from "playwright-core";
import type { Emulator } from "../../emulator/src/index.js";

export interface Page {
  status: number;
  url: string;
  html: string;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  /** `send` defaults to fetch; pass one that sets a Host header to reach an instance by its domain. */
  constructor(
    private readonly origin: string,
    private readonly send: typeof fetch = fetch,
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }

  /** Requests `url` and follows redirects inside the emulator; returns the last page or the outside URL. */
  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    let next = new URL(url, this.origin).toString();
    let method = init.method ?? "GET";
    let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let hops = 0; hops < 10; hops++) {
      if (!next.startsWith(this.origin)) return { status: 302, url: next, html: "" };
      const res = await this.send(next, {
        method,
        redirect: "manual",
        headers: { cookie: this.cookieHeader(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        body,
      });
      this.remember(res);
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        next = new URL(location, next).toString();
        method = "GET";
        body = undefined;
        continue;
      }
      return { status: res.status, url: next, html: await res.text() };
    }
    throw new Error("too many redirects");
  }

  /** Fills and submits the form whose action matches `action` on a page. */
  async submit(page: Page, action: string, fields: Record<string, string>): Promise<Page> {
    const hidden = Object.fromEntries([...page.html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));
    return this.go(new URL(action, page.url).toString(), { method: "POST", form: { authRequest: hidden.authRequest ?? "", ...fields } });
  }
}

// -- the UI in a real browser (issue 13) ---------------------------------------------------------
// Debian's Chromium driven by playwright-core: opens the UI through the handle's one-time link,
// records console errors and failed requests (a screen test fails on any), runs axe-core in the page
// and saves a screenshot of each screen in docs/screenshots/<screen>.png (light theme, 1280×800).

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** For describe(..., { skip }): a reason when there is no Chromium here. */
export const noChromium = existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (.ci/run installs Debian's chromium)`;
export const SCREENSHOTS = join(import.meta.dirname, "..", "..", "docs", "screenshots");
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let shared: Promise<Chromium> | undefined;
// Registered at the file level (where a test file imports this module), so the browser outlives each test.
after(async () => (await shared)?.close());

/** One headless Chromium per test file, closed when the file's tests end. */
export function chromiumBrowser(): Promise<Chromium> {
  if (!shared) {
    shared = chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  }
  return shared;
}

/** A fresh browser context (no cookies), light theme, 1280×800. */
export async function newUiContext(): Promise<BrowserContext> {
  const context = await (await chromiumBrowser()).newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });
  after(() => context.close());
  return context;
}

export interface UiPage {
  page: PwPage;
  context: BrowserContext;
  /** Console errors, uncaught page errors and failed requests (network failures and answers ≥ 400) so far. */
  problems: string[];
  /** Fails on any problem so far and on axe violations of impact serious or critical. */
  assertClean(): Promise<void>;
  /** assertClean, then docs/screenshots/<screen>.png. */
  finish(screen: string): Promise<void>;
}

/** Records what would make a screen test fail, from now on. */
export function watchProblems(page: PwPage): string[] {
  const problems: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && problems.push(`console: ${m.text()}`)));
  page.on("pageerror", (e) => void problems.push(`page error: ${e.message}`));
  // ERR_ABORTED is a request the page itself dropped (a navigation while a lazy chunk or the favicon loads), not a failure.
  page.on("requestfailed", (r) => {
    const error = r.failure()?.errorText ?? "";
    if (error !== "net::ERR_ABORTED") problems.push(`request failed: ${r.method()} ${r.url()} ${error}`);
  });
  page.on("response", (r) => void (r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`)));
  return problems;
}

/** axe-core's violations of impact serious or critical on the page as it is now. */
export async function axeViolations(page: PwPage): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not govern.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: unknown }[] }[] }> };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(", ")}`);
}

/** Opens the UI signed in through `link` (default: a new `emu.uiLink()`), waits for the shell, then goes to `path`. */
export async function openUi(emu: Emulator, { path = "/ui/", link = emu.uiLink() }: { path?: string; link?: string } = {}): Promise<UiPage> {
  const context = await newUiContext();
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(link);
  await page.waitForSelector("header.top nav");
  // Leaving the overview while its requests are in flight would abort them (recorded as failed requests).
  if (path !== "/ui/") await page.waitForLoadState("networkidle").then(() => page.goto(`${emu.url}${path}`));
  const assertClean = async () => {
    const found = [...problems, ...(await axeViolations(page))];
    if (found.length) throw new Error(`the UI is not clean:\n${found.join("\n")}`);
  };
  return {
    page,
    context,
    problems,
    assertClean,
    async finish(screen) {
      await assertClean();
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `${screen}.png`) });
    },
  };
}
