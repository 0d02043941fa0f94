// A fetch that reaches an instance by its own host name (`http://<domain>:<port>/…`) on loopback and
// keeps that name as the Host: the emulator picks the instance, and the issuer of its tokens, from the
// Host. Node's fetch may not set Host and does not resolve `*.localhost` (browsers do), so test code in
// Node reaches an instance through this. It never follows a redirect (as `redirect: "manual"`), which
// is what OIDC clients ask for (openid-client's and oauth4webapi's `customFetch`).

import http from "node:http";

/** A fetch for `http://<any host>:<port>/…` that connects to `address:port` and sends the URL's host as Host. */
export function fetchByHost(port: number, address = "127.0.0.1"): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = { host: url.host, ...Object.fromEntries(new Headers(init.headers)) };
    if (init.body instanceof URLSearchParams && !headers["content-type"]) headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    const body = await bodyOf(init.body);
    return new Promise<Response>((resolve, reject) => {
      const req = http.request({ host: address, port, path: url.pathname + url.search, method: init.method ?? "GET", headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) for (const one of Array.isArray(v) ? v : [v ?? ""]) out.append(k, one);
          const status = res.statusCode!;
          resolve(new Response([101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: out }));
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      init.signal?.addEventListener("abort", () => req.destroy(new Error("aborted")), { once: true });
      req.end(body);
    });
  }) as typeof fetch;
}

/** A request body as bytes: strings, bytes and URLSearchParams (what clients send); no body stays none. */
async function bodyOf(body: RequestInit["body"]): Promise<Buffer | string | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof URLSearchParams) return String(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return Buffer.from(await new Response(body).arrayBuffer());
}
