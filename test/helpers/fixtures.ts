// The default fixtures with additions, for tests that need more apps or users than the seed has.

import { defaultFixtures as builtIn, type FixtureFile } from "../../emulator/src/index.js";

type Org = FixtureFile["instances"][number]["orgs"][number];
type App = NonNullable<NonNullable<Org["projects"]>[number]["apps"]>[number];

export function defaultFixtures(): FixtureFile {
  return builtIn();
}

/** The default seed with more apps in the demo project. */
export function withApps(...apps: App[]): FixtureFile {
  const f = defaultFixtures();
  f.instances[0]!.orgs[0]!.projects![0]!.apps!.push(...apps);
  return f;
}

/** The default seed and a machine user of the default org whose client_credentials access tokens are JWTs (secret: `<username>-secret`). */
export function withJwtMachine(username: string): FixtureFile {
  const f = defaultFixtures();
  f.instances[0]!.orgs[0]!.users!.push({ type: "machine", username, name: username, accessTokenType: "jwt", clientSecret: `${username}-secret` });
  return f;
}

/** The default seed and a second instance, Acme (acme.localhost), with a human (ann) and a public code-flow app (acme-shop). */
export function withAcme(): FixtureFile {
  const f = defaultFixtures();
  f.instances.push({
    name: "Acme",
    domains: ["acme.localhost"],
    orgs: [
      {
        name: "Acme",
        users: [{ type: "human", username: "ann", firstName: "Ann", lastName: "Acme", email: "ann@acme.localhost", emailVerified: true }],
        projects: [
          {
            name: "Shop",
            apps: [
              {
                type: "oidc",
                name: "Shop",
                clientId: "acme-shop",
                authMethod: "none",
                appType: "user_agent",
                redirectUris: ["http://localhost:4000/cb"],
                responseTypes: ["code"],
                grantTypes: ["authorization_code"],
              },
            ],
          },
        ],
      },
    ],
  });
  return f;
}
