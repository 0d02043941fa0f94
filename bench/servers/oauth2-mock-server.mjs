// oauth2-mock-server (npm) for the OIDC benchmark: it issues codes without any login.
import { OAuth2Server } from "oauth2-mock-server";

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
await server.start(0, "127.0.0.1");
process.stdout.write(`${JSON.stringify({ issuer: server.issuer.url })}\n`);
