// renderer/src/screens/hierarchy/tree.ts: the context tree flattened into the rows the list shows
// (expanded nodes only, or a filter's matches with their ancestors), children put in without copying
// unchanged branches, and nodes found by key. The tree holds no parent ids: a node's children are its
// own objects, so it cannot hold a cycle of ids; a key that repeats further down is walked like any node.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { findNode, type Row, type TreeNode, visibleRows, withChildren } from "../../renderer/src/screens/hierarchy/tree.js";

const node = (kind: TreeNode["kind"], id: string, name: string, children?: TreeNode[]): TreeNode => ({ key: `${kind}:${id}`, kind, id, name, children });

const tree = node("system", "system", "System", [
  node("instance", "1", "Svc Emulator", [
    node("org", "10", "Emulator Org", [node("project", "100", "Demo", [node("app", "1000", "Demo browser app"), node("app", "1001", "Demo API")])]),
    node("org", "11", "Zoë GmbH (test)"),
  ]),
  node("instance", "2", "Second", []),
]);
/** Each row as "level pos/size path expandable expanded". */
const shape = (rows: Row[]) => rows.map((r) => `${r.level} ${r.pos}/${r.size} ${r.path.join(" > ")}${r.expandable ? (r.expanded ? " [-]" : " [+]") : ""}`);

describe("visibleRows", () => {
  it("shows the system alone for an empty tree, with nothing to open", () => {
    assert.deepEqual(visibleRows(node("system", "system", "System", []), new Set(["system:system"]), ""), [
      { node: node("system", "system", "System", []), level: 1, path: ["System"], expandable: false, expanded: false, pos: 1, size: 1 },
    ]);
    assert.deepEqual(shape(visibleRows(node("system", "system", "System"), new Set(), "")), ["1 1/1 System [+]"], "children not loaded yet: openable");
  });

  it("shows the children of expanded nodes only, with their level, place among siblings and path", () => {
    assert.deepEqual(shape(visibleRows(tree, new Set(["system:system", "instance:1", "org:10"]), "")), [
      "1 1/1 System [-]",
      "2 1/2 System > Svc Emulator [-]",
      "3 1/2 System > Svc Emulator > Emulator Org [-]",
      "4 1/1 System > Svc Emulator > Emulator Org > Demo [+]",
      "3 2/2 System > Svc Emulator > Zoë GmbH (test) [+]",
      "2 2/2 System > Second",
    ]);
    assert.deepEqual(shape(visibleRows(tree, new Set(["org:10"]), "")), ["1 1/1 System [+]"], "an open node below a closed one stays hidden");
    assert.deepEqual(shape(visibleRows(tree, new Set(), "")), ["1 1/1 System [+]"]);
  });

  it("never offers to open an app", () => {
    const rows = visibleRows(tree, new Set(["system:system", "instance:1", "org:10", "project:100", "app:1000"]), "");
    assert.deepEqual(shape(rows).slice(4, 6), [
      "5 1/2 System > Svc Emulator > Emulator Org > Demo > Demo browser app",
      "5 2/2 System > Svc Emulator > Emulator Org > Demo > Demo API",
    ]);
    assert.equal(rows[4]!.expandable, false);
  });

  it("with a filter, shows every match (name or id, any case) with its ancestors open, whatever is expanded", () => {
    assert.deepEqual(shape(visibleRows(tree, new Set(), "  demo API ")), [
      "1 1/1 System [-]",
      "2 1/1 System > Svc Emulator [-]",
      "3 1/1 System > Svc Emulator > Emulator Org [-]",
      "4 1/1 System > Svc Emulator > Emulator Org > Demo [-]",
      "5 1/1 System > Svc Emulator > Emulator Org > Demo > Demo API",
    ]);
    assert.deepEqual(shape(visibleRows(tree, new Set(), "1001")).at(-1), "5 1/1 System > Svc Emulator > Emulator Org > Demo > Demo API", "by id");
    assert.deepEqual(shape(visibleRows(tree, new Set(), "ZOË")), [
      "1 1/1 System [-]",
      "2 1/1 System > Svc Emulator [-]",
      "3 1/1 System > Svc Emulator > Zoë GmbH (test) [+]",
    ]);
    assert.deepEqual(shape(visibleRows(tree, new Set(), "(test)")).length, 3, "the filter is text, not a pattern");
    assert.deepEqual(shape(visibleRows(tree, new Set(), ".*")), [], "no node matches: no rows at all");
  });

  it("with a filter that matches a parent and a child, keeps both; the system's own name matches too", () => {
    assert.deepEqual(shape(visibleRows(tree, new Set(), "demo")), [
      "1 1/1 System [-]",
      "2 1/1 System > Svc Emulator [-]",
      "3 1/1 System > Svc Emulator > Emulator Org [-]",
      "4 1/1 System > Svc Emulator > Emulator Org > Demo [-]",
      "5 1/2 System > Svc Emulator > Emulator Org > Demo > Demo browser app",
      "5 2/2 System > Svc Emulator > Emulator Org > Demo > Demo API",
    ]);
    assert.deepEqual(shape(visibleRows(tree, new Set(), "system")), ["1 1/1 System [+]"]);
  });

  it("walks a key that repeats below itself like any other node, and a deep tree", () => {
    const repeated = withChildren(tree, "org:11", [node("org", "11", "Zoë again")]);
    assert.deepEqual(shape(visibleRows(repeated, new Set(["system:system", "instance:1", "org:11"]), "")).slice(-3), [
      "3 2/2 System > Svc Emulator > Zoë GmbH (test) [-]",
      "4 1/1 System > Svc Emulator > Zoë GmbH (test) > Zoë again [-]",
      "2 2/2 System > Second",
    ]);
    let deep = node("org", "leaf", "needle");
    for (let i = 0; i < 2000; i++) deep = node("project", String(i), `level ${i}`, [deep]);
    const rows = visibleRows(deep, new Set(), "needle");
    assert.equal(rows.length, 2001);
    assert.equal(rows.at(-1)!.level, 2001);
  });
});

describe("withChildren", () => {
  it("puts the children under the node with the key, counts them, and shares every unchanged branch", () => {
    const apps = [node("app", "9", "New app")];
    const next = withChildren(tree, "project:100", apps);
    assert.notEqual(next, tree);
    const project = findNode(next, "project:100")!;
    assert.deepEqual([project.children, project.count], [apps, 1]);
    assert.equal(findNode(next, "instance:2"), findNode(tree, "instance:2"), "the other instance is the same object");
    assert.equal(findNode(next, "org:11"), findNode(tree, "org:11"));
    assert.equal(findNode(tree, "project:100")!.children!.length, 2, "the old tree is unchanged");
  });

  it("gives back the same tree when no node has the key", () => {
    assert.equal(withChildren(tree, "org:404", []), tree);
    assert.equal(withChildren(tree, "", []), tree);
  });

  it("empties a node's children", () => {
    const next = withChildren(tree, "org:10", []);
    assert.deepEqual([findNode(next, "org:10")!.children, findNode(next, "org:10")!.count], [[], 0]);
    assert.equal(findNode(next, "project:100"), undefined);
  });
});

describe("findNode", () => {
  it("finds the first node with the key, depth first, or nothing", () => {
    assert.equal(findNode(tree, "app:1001")!.name, "Demo API");
    assert.equal(findNode(tree, "system:system"), tree);
    assert.equal(findNode(tree, "app:1001 "), undefined);
    assert.equal(findNode(tree, "1001"), undefined, "a key is kind and id");
  });
});
