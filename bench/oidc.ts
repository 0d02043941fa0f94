// OIDC throughput: full code + PKCE flows, client_credentials tokens and introspections per second,
// each against the emulator, oidc-provider and oauth2-mock-server, every server in its own process.
// Logins: the emulator through its one-click shortcut (no password hashing), oidc-provider through
// its development login and consent pages, oauth2-mock-server has none.

import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const REDIRECT = "http://localhost:3000/callback";
export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
export const form = (o: Record<string, string>) => new URLSearchParams(o);

export interface Target {
  name: string;
  codeFlow(): Promise<void>;
  clientCredentials(): Promise<string>;
  introspect(token: string): Promise<void>;
}

export function spawnServer(args: string[]): Promise<{ child: ChildProcess; ready: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    const timer = setTimeout(() => (child.kill("SIGKILL"), reject(new Error(`${args.join(" ")} not ready`))), 15_000);
    child.stdout!.once(
      "data",
      (d: Buffer) => (clearTimeout(timer), resolve({ child, ready: JSON.parse(d.toString().split("\n")[0]!) as Record<string, unknown> })),
    );
  });
}

export class Jar {
  private cookies = new Map<string, string>();
  constructor(private readonly timeoutMs = 10_000) {}
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: this.header() },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    this.take(res);
    return res;
  }
}

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export const codeOf = (location: string | null) => new URL(location!).searchParams.get("code")!;

export async function tokenRequest(url: string, body: URLSearchParams, auth?: string, timeoutMs = 10_000): Promise<Record<string, string>> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(auth ? { authorization: auth } : {}) },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, string>;
}

export async function emulatorTarget(): Promise<Target & { close(): void }> {
  const { child, ready } = await spawnServer(["bin/svc-emulator.cjs", "start", "--port", "0", "--in-memory", "--json"]);
  const url = String(ready.url);
  let userId = "";
  return {
    name: "svc-emulator",
    async codeFlow() {
      const jar = new Jar();
      const { verifier, challenge } = pkce();
      const q = form({
        client_id: "demo-browser",
        redirect_uri: REDIRECT,
        response_type: "code",
        scope: "openid",
        code_challenge: challenge,
        code_challenge_method: "S256",
      });
      const start = await jar.fetch(`${url}/oauth/v2/authorize?${q}`);
      const authRequest = new URL(start.headers.get("location")!, url).searchParams.get("authRequest")!;
      // The login page lists the shortcut users; read it once, then post the shortcut form directly.
      userId ||= /name="userId" value="([^"]+)"/.exec(await (await jar.fetch(`${url}/ui/login/login?authRequest=${authRequest}`)).text())![1]!;
      const done = await jar.fetch(`${url}/ui/login/shortcut`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form({ authRequest, userId }),
      });
      await tokenRequest(
        `${url}/oauth/v2/token`,
        form({
          grant_type: "authorization_code",
          client_id: "demo-browser",
          code: codeOf(done.headers.get("location")),
          redirect_uri: REDIRECT,
          code_verifier: verifier,
        }),
      );
    },
    async clientCredentials() {
      return (
        await tokenRequest(`${url}/oauth/v2/token`, form({ grant_type: "client_credentials", scope: "profile" }), basic("demo-worker", "demo-worker-secret"))
      ).access_token!;
    },
    async introspect(token) {
      const r = await tokenRequest(`${url}/oauth/v2/introspect`, form({ token }), basic("demo-api", "demo-api-secret"));
      if (r.active === undefined) throw new Error("no introspection answer");
    },
    close: () => child.kill("SIGTERM"),
  };
}

export async function oidcProviderTarget(): Promise<Target & { close(): void }> {
  const { child, ready } = await spawnServer(["bench/servers/oidc-provider.mjs"]);
  const issuer = String(ready.issuer);
  const auth = basic("bench", "bench-secret");
  return {
    name: "oidc-provider",
    async codeFlow() {
      const jar = new Jar();
      const { verifier, challenge } = pkce();
      const q = form({
        client_id: "bench",
        redirect_uri: REDIRECT,
        response_type: "code",
        scope: "openid",
        code_challenge: challenge,
        code_challenge_method: "S256",
      });
      let res = await jar.fetch(`${issuer}/auth?${q}`);
      // Development interactions: the login form, then the consent form, each posted to the interaction URL.
      for (let step = 0; step < 6 && res.headers.get("location") && !res.headers.get("location")!.startsWith(REDIRECT); step++) {
        const next = new URL(res.headers.get("location")!, issuer).toString();
        res = await jar.fetch(next);
        if (res.status === 200) {
          const html = await res.text();
          const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
          const fields = Object.fromEntries([...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
          const body = /name="login"/.test(html) ? form({ ...fields, login: "alice", password: "x" }) : form(fields);
          res = await jar.fetch(new URL(action, issuer).toString(), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
        }
      }
      await tokenRequest(
        `${issuer}/token`,
        form({ grant_type: "authorization_code", code: codeOf(res.headers.get("location")), redirect_uri: REDIRECT, code_verifier: verifier }),
        auth,
      );
    },
    async clientCredentials() {
      return (await tokenRequest(`${issuer}/token`, form({ grant_type: "client_credentials" }), auth)).access_token!;
    },
    async introspect(token) {
      await tokenRequest(`${issuer}/token/introspection`, form({ token }), auth);
    },
    close: () => child.kill("SIGTERM"),
  };
}

export async function mockServerTarget(): Promise<Target & { close(): void }> {
  const { child, ready } = await spawnServer(["bench/servers/oauth2-mock-server.mjs"]);
  const issuer = String(ready.issuer);
  const auth = basic("bench", "bench-secret");
  return {
    name: "oauth2-mock-server",
    async codeFlow() {
      const { verifier, challenge } = pkce();
      const q = form({
        client_id: "bench",
        redirect_uri: REDIRECT,
        response_type: "code",
        scope: "openid",
        state: "s",
        code_challenge: challenge,
        code_challenge_method: "S256",
      });
      const res = await fetch(`${issuer}/authorize?${q}`, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      await tokenRequest(
        `${issuer}/token`,
        form({ grant_type: "authorization_code", code: codeOf(res.headers.get("location")), redirect_uri: REDIRECT, code_verifier: verifier }),
        auth,
      );
    },
    async clientCredentials() {
      return (await tokenRequest(`${issuer}/token`, form({ grant_type: "client_credentials", scope: "profile" }), auth)).access_token!;
    },
    async introspect(token) {
      await tokenRequest(`${issuer}/introspect`, form({ token }), auth);
    },
    close: () => child.kill("SIGTERM"),
  };
}

/** Operations per second: `total` calls, `concurrency` at a time, after a short warm-up; stops after 60s. */
export async function perSecond(fn: () => Promise<unknown>, total: number, concurrency: number): Promise<number> {
  for (let i = 0; i < 20; i++) await fn();
  let next = 0;
  let done = 0;
  const t0 = performance.now();
  const deadline = t0 + 60_000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total && performance.now() < deadline) await fn(), done++;
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}
