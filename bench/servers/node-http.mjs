// The floor for bench/first-token.ts: a bare node:http server that answers a token request with the
// least any Node server does for one (read the form body, check that credentials came, make 32
// random bytes, answer JSON), and a two-field discovery document (the bench polls it first). Not an authorization server: it shows what the machine and Node
// themselves cost for a first request and for a request after a pause, below any server's own code.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";

let issuer = "";
const server = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/.well-known/openid-configuration") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ issuer, token_endpoint: `${issuer}/token` }));
    return;
  }
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString("latin1"));
    if (req.method !== "POST" || !req.headers.authorization || form.get("grant_type") !== "client_credentials") {
      res.writeHead(400, { "content-type": "application/json" }).end('{"error":"invalid_request"}');
      return;
    }
    const body = JSON.stringify({ access_token: randomBytes(32).toString("base64url"), token_type: "Bearer", expires_in: 3600 });
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(body);
  });
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
issuer = `http://localhost:${server.address().port}`;
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
