// openid-client Configurations of the default seed's clients, over plain HTTP: demo-worker (a machine
// user, client_secret_post), demo-api (introspects, client_secret_basic) and demo-browser (public, PKCE).

import * as client from "openid-client";

export async function seedClients(issuer: string) {
  const insecure = { execute: [client.allowInsecureRequests] };
  const at = new URL(issuer);
  return {
    worker: await client.discovery(at, "demo-worker", "demo-worker-secret", client.ClientSecretPost("demo-worker-secret"), insecure),
    api: await client.discovery(at, "demo-api", "demo-api-secret", client.ClientSecretBasic("demo-api-secret"), insecure),
    browserApp: await client.discovery(at, "demo-browser", undefined, client.None(), insecure),
  };
}
