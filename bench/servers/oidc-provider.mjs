// oidc-provider (npm) configured like the emulator's demo apps, for the OIDC benchmarks: one client
// for the code flow and opaque client credentials tokens, one whose client credentials tokens are
// JWT access tokens (RS256, through a default resource indicator), introspection on, the
// development login pages.
import Provider from "oidc-provider";
import { createServer } from "node:http";

const server = createServer();
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const issuer = `http://localhost:${server.address().port}`;
const JWT_RESOURCE = "urn:bench:api";
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
    {
      client_id: "bench-jwt",
      client_secret: "bench-jwt-secret",
      redirect_uris: [],
      grant_types: ["client_credentials"],
      response_types: [],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  features: {
    devInteractions: { enabled: true },
    introspection: { enabled: true },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: (_ctx, client) => (client.clientId === "bench-jwt" ? JWT_RESOURCE : undefined),
      getResourceServerInfo: () => ({ scope: "api", accessTokenFormat: "jwt", jwt: { sign: { alg: "RS256" } } }),
      useGrantedResource: () => true,
    },
  },
  pkce: { required: () => true },
  cookies: { keys: ["bench-cookie-key"] },
});
provider.proxy = false;
server.on("request", provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
