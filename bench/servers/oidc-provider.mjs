// oidc-provider (npm) configured like the emulator's demo apps, for the OIDC benchmark: one client
// for the code flow and client credentials, introspection on, the development login pages.
import Provider from "oidc-provider";
import { createServer } from "node:http";

const server = createServer();
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const issuer = `http://localhost:${server.address().port}`;
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: "bench",
      client_secret: "bench-secret",
      redirect_uris: ["http://localhost:3000/callback"],
      grant_types: ["authorization_code", "client_credentials"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  features: { devInteractions: { enabled: true }, introspection: { enabled: true }, clientCredentials: { enabled: true } },
  pkce: { required: () => true },
  cookies: { keys: ["bench-cookie-key"] },
});
provider.proxy = false;
server.on("request", provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
