// The UI's floors (RENDERER_FLOORS in scripts/check-architecture.mjs, run by npm test) on small trees
// made here: api < components and contexts < features (screens/<name>) < the app. The check must name
// a feature importing another (statically or lazily), an import into a higher floor, a cycle and a
// folder without a floor, let the registry load every screen, and pass the real renderer/src.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
// @ts-expect-error: a plain .mjs script without types
import { checkRenderer } from "../../scripts/check-architecture.mjs";
import { withTree } from "../helpers/scratch-tree.js";

const check = checkRenderer as (src: string) => string[];

const problemsOf = (files: Record<string, string>) => withTree(files, (root) => check(root).sort());

/** A UI that keeps every rule: each floor imports only below it, the registry loads the screens lazily. */
const GOOD = {
  "api/http.ts": "export const fetchJson = () => 1;\n",
  "router.ts": "export const navigate = () => 1;\n",
  "links/token-inspector.ts": 'import { navigate } from "../router";\nexport const inspectPath = () => navigate();\n',
  "context/session.tsx":
    'import { fetchJson } from "../api/http";\nimport { ErrorBanner } from "../components/ErrorBanner";\nexport const s = [fetchJson, ErrorBanner];\n',
  "components/ErrorBanner.tsx": 'import { fetchJson } from "../api/http";\nexport const ErrorBanner = fetchJson;\n',
  "screens/tokens/Tokens.tsx":
    'import { inspectPath } from "../../links/token-inspector";\nimport { Card } from "./Card";\nexport default [inspectPath, Card];\n',
  "screens/tokens/Card.tsx": 'import { ErrorBanner } from "../../components/ErrorBanner";\nexport const Card = ErrorBanner;\n',
  "screens/users/Users.tsx":
    'import { inspectPath } from "../../links/token-inspector";\nimport { s } from "../../context/session";\nexport default [inspectPath, s];\n',
  "screens/registry.ts": 'export const SCREENS = [() => import("./tokens/Tokens"), () => import("./users/Users")];\n',
  "App.tsx": 'import { SCREENS } from "./screens/registry";\nexport const App = SCREENS;\n',
  "main.tsx": 'import { App } from "./App";\nexport const root = App;\n',
};

describe("the UI's floors check", () => {
  it("passes the UI's own source", () => {
    assert.deepEqual(check(fileURLToPath(new URL("../../renderer/src", import.meta.url))), []);
  });

  it("passes a UI that keeps the rules, and an empty one", () => {
    assert.deepEqual(problemsOf(GOOD), []);
    assert.deepEqual(problemsOf({}), []);
  });

  it("names a feature importing another, statically or lazily", () => {
    assert.deepEqual(
      problemsOf({
        ...GOOD,
        "screens/flows/Timeline.tsx": 'import { Card } from "../tokens/Card";\nexport const T = Card;\n',
        "screens/users/Users.tsx": 'export default () => import("../tokens/Tokens");\n',
      }),
      [
        "renderer: screens/flows/Timeline.tsx imports screens/tokens/Card.tsx: a feature may not import another (move what both use below screens/)",
        "renderer: screens/users/Users.tsx imports screens/tokens/Tokens.tsx: a feature may not import another (move what both use below screens/)",
      ],
    );
  });

  it("names an import into a higher floor", () => {
    assert.deepEqual(
      problemsOf({
        ...GOOD,
        "components/ErrorBanner.tsx": 'import type { Card } from "../screens/tokens/Card";\nexport const ErrorBanner = 1 as unknown as typeof Card;\n',
        "api/http.ts": 'import { s } from "../context/session";\nexport const fetchJson = () => s;\n',
        "screens/tokens/Card.tsx": 'import { SCREENS } from "../registry";\nexport const Card = SCREENS;\n',
      }).filter((p) => !p.includes("import cycle")),
      [
        'renderer: api/http.ts imports context/session.tsx: "api" is below "context"',
        'renderer: components/ErrorBanner.tsx imports screens/tokens/Card.tsx: "components" is below "screens/tokens"',
        'renderer: screens/tokens/Card.tsx imports screens/registry.ts: "screens/tokens" is below "screens/registry"',
      ],
    );
  });

  it("names an import cycle inside a feature, type imports included", () => {
    const problems = problemsOf({
      ...GOOD,
      "screens/tokens/Card.tsx": 'import type { P } from "./Panel";\nexport type Card = P;\n',
      "screens/tokens/Panel.tsx": 'import type { Card } from "./Card";\nexport type P = Card | 1;\n',
    });
    assert.equal(problems.length, 1, problems.join("\n"));
    assert.match(problems[0]!, /^renderer: import cycle: screens\/tokens\/(Card|Panel)\.tsx <-> screens\/tokens\/(Card|Panel)\.tsx$/);
  });

  it("names a folder without a floor, and a file directly in screens/ other than the registry", () => {
    assert.deepEqual(problemsOf({ ...GOOD, "hooks/use-x.ts": "export const x = 1;\n", "screens/shared.ts": "export const y = 1;\n" }), [
      'renderer: hooks/use-x.ts: "hooks" has no floor in RENDERER_FLOORS of scripts/check-architecture.mjs',
      'renderer: screens/shared.ts: "screens/shared" has no floor in RENDERER_FLOORS of scripts/check-architecture.mjs',
    ]);
  });
});
