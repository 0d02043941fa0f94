// The UI's bundle at /ui/ (issue 13): the files `npm run build` puts in dist/renderer, with a strict
// Content-Security-Policy; hashed assets cached for good; any other /ui/<screen> path answers
// index.html so a reload stays on its screen. index.html needs the session cookie (ui-access.ts);
// the link's one-time token is traded for it here. The login and demo pages under /ui/login and
// /ui/demo are routes of their own and win over this wildcard (static routes first).

import { existsSync, readFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sessionCookie, type UiAccess } from "../control/ui-access.js";
import { accessPage, buildMissingPage } from "./ui-pages.js";

export const UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".map": "application/json",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/** dist/renderer of the package: found from this module upwards (emulator/src/server under tsx, dist/ in the bundle). */
export function rendererDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "svc-emulator") return join(dir, "dist", "renderer");
    dir = dirname(dir);
  }
  return resolve("dist", "renderer");
}

/** Paths that belong to the server-rendered pages: never the single-page app's fallback. */
const OWN_PAGES = /^\/ui\/(login|demo)(\/|$)/;

export function uiRoutes(app: FastifyInstance, ui: UiAccess, root = rendererDir()): void {
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header("content-security-policy", UI_CSP).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);

  // A browser asking for the root gets the UI; API clients keep the routing error.
  app.get("/", async (req, reply) => {
    if (String(req.headers.accept ?? "").includes("text/html")) return reply.redirect("/ui/", 302);
    return reply.callNotFound();
  });
  app.get("/ui", async (_req, reply) => reply.redirect("/ui/", 302));

  const serve = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = safeDecode(req.url.split("?", 1)[0]!);
    if (path === undefined) return reply.code(400).type("text/plain; charset=utf-8").send("The path is not valid percent-encoding");
    if (OWN_PAGES.test(path)) return reply.callNotFound();
    const token = (req.query as Record<string, unknown>).t;
    if (typeof token === "string") {
      const session = ui.redeem(token);
      if (!session) return html(reply, 401, accessPage("This link was used already or is not valid."));
      // The token leaves the address bar (and the history) at once.
      return reply.header("set-cookie", sessionCookie(session)).header("cache-control", "no-store").redirect("/ui/", 302);
    }
    const file = resolve(root, `.${path.slice("/ui".length)}`);
    if (file.startsWith(root + sep) && extname(file) && (await isFile(file))) {
      const type = TYPES[extname(file)] ?? "application/octet-stream";
      // Vite names assets by content hash: a changed file is a new name.
      const cache = file.startsWith(join(root, "assets") + sep) ? "public, max-age=31536000, immutable" : "no-cache";
      return reply
        .header("content-security-policy", UI_CSP)
        .header("cache-control", cache)
        .type(type)
        .send(await readFile(file));
    }
    if (extname(path)) return reply.code(404).header("content-security-policy", UI_CSP).type("text/plain; charset=utf-8").send(`No file ${path}`);
    const index = join(root, "index.html");
    if (!(await isFile(index))) return html(reply, 503, buildMissingPage(root));
    if (!ui.hasSession(req.headers)) return html(reply, 401, accessPage());
    return html(reply, 200, await readFile(index, "utf8"));
  };
  app.get("/ui/", serve);
  app.get("/ui/*", serve);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function safeDecode(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
