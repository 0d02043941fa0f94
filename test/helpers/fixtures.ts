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
