#!/usr/bin/env node
// The floors of emulator/src (docs/architecture.md): each folder may import only from its own floor
// and the floors below it. This script fails on an import from a lower floor into a higher one, on
// any import cycle between files, on an event appended outside domain/, and on a table declared
// outside its owners or a table of records/ reached by SQL outside its module; on the desktop shell
// (electron/) reaching into emulator/src past its library entry, or importing `electron` outside
// its adapter; on the same floor rules in the UI (renderer/src, RENDERER_FLOORS), where a screen
// (a feature) may not import another; and on docs/architecture.md's floor tables differing from
// FLOORS and RENDERER_FLOORS. `npm test` runs it; test/architecture/ shows each rule catching a break.
//
// usage: node scripts/check-architecture.mjs [src-dir] [shell-dir] [renderer-src-dir] [architecture.md]

import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * The floors, lowest first. A file's floor is its first path segment (a file directly in src/ is
 * named without its extension). Folders on one line share a floor and may import each other.
 * This list is the one place the order is written.
 */
export const FLOORS = [
  ["gen"],
  ["kernel"],
  ["store"],
  ["bucket", "records"],
  ["domain"],
  ["migration"],
  ["auth", "keys", "notification", "faults"],
  ["actions"],
  ["oidc"],
  ["api"],
  ["control", "demo"],
  ["fixtures"],
  ["server"],
  ["emulator", "handle", "index", "internal", "testcontainers"],
  ["cli", "cli-main", "testing"],
];

/**
 * The floors of the UI (renderer/src), lowest first, as bulletproof-react's layers: what knows no
 * screen (the HTTP clients, links into a screen, the router, the theme) < shared components and
 * contexts < the screens (features) < the app (the shell, its entry, the screen registry). A file's
 * unit is its first path segment, but below screens/ each folder is a feature of its own
 * (`screens/<name>`, the floor `screens/*`), and screens/registry.ts is the app's. Features share a
 * floor yet may not import each other: what two of them need goes below screens/.
 */
export const RENDERER_FLOORS = [["api", "links", "router", "theme"], ["components", "context"], ["screens/*"], ["App", "main", "screens/registry"]];

const floorIndex = (floors) => new Map(floors.flatMap((names, i) => names.map((n) => [n, i])));
const floorOf = floorIndex(FLOORS);
const rendererFloorOf = floorIndex(RENDERER_FLOORS);

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?[^'"]*?from\s+["'](\.[^'"]+)["']/g;
/** `import("./x")`: the UI loads its screens so (React.lazy), and a lazy import is an import all the same. */
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.[^'"]+)["']\s*\)/g;

/** Relative imports of a file, resolved to files of the set (type imports included; dynamic ones if asked). */
function importsOf(file, files, dynamic = false) {
  const text = readFileSync(file, "utf8");
  const out = [];
  for (const m of dynamic ? [...text.matchAll(IMPORT), ...text.matchAll(DYNAMIC_IMPORT)] : text.matchAll(IMPORT)) {
    const base = resolve(dirname(file), m[1]).replace(/\.js$/, "");
    const target = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((c) => files.has(c));
    if (target) out.push(target);
  }
  return out;
}

function unitOf(src, file) {
  const rel = relative(src, file).split(sep);
  return rel.length === 1 ? rel[0].replace(/\.tsx?$/, "") : rel[0];
}

/** Strongly connected components of more than one file (Tarjan). */
function cycles(edges) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    on = new Set(),
    stack = [],
    found = [];
  const visit = (v) => {
    idx.set(v, index), low.set(v, index), index++, stack.push(v), on.add(v);
    for (const w of edges.get(v)) {
      if (!idx.has(w)) visit(w), low.set(v, Math.min(low.get(v), low.get(w)));
      else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) !== idx.get(v)) return;
    const c = [];
    let w;
    do (w = stack.pop()), on.delete(w), c.push(w);
    while (w !== v);
    if (c.length > 1) found.push(c);
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** Appending events is the commands' job: domain/<aggregate>/commands.ts (or commands/*.ts) is the one write path. */
const APPEND = /\bevents\.(command|commandGrouped|push)\s*\(|\.append\s*\(\s*\{[^}]*aggregateType/;

/** The domain reads no files and no machine facts: that is the floors above it (keys/ for the key stock). */
const HOST_MODULE = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)["'](?:node:)?(fs|os)(?:\/promises)?["']/;

/** Where tables are declared: the store's own, each aggregate's (projections), and records/ (rows written outside the event path). */
const TABLE_OWNER = /^(store\/(tables|emulator-meta)\.ts|domain\/[^/]+\/tables\.ts|records\/[^/]+\.ts)$/;
const CREATE_TABLE = /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/g;
/** SQL naming a table: the statements that read, write or change it. */
const namesTable = (text, table) => new RegExp(`\\b(?:INTO|UPDATE|FROM|JOIN|TABLE)\\s+${table}\\b`).test(text);

/**
 * Table ownership: CREATE TABLE only in a TABLE_OWNER module, and a table of records/ named in SQL only
 * by its own module there (one owner for its DDL and every statement on it). `texts`: path → source.
 */
function tableProblems(texts) {
  const problems = [];
  const recordTables = [];
  for (const [rel, text] of texts) {
    for (const m of text.matchAll(CREATE_TABLE)) {
      if (!TABLE_OWNER.test(rel))
        problems.push(`${rel} declares table ${m[1]}: tables belong to store/tables.ts, store/emulator-meta.ts, domain/<aggregate>/tables.ts or records/`);
      else if (rel.startsWith("records/") || rel === "store/emulator-meta.ts") recordTables.push({ table: m[1], owner: rel });
    }
  }
  for (const { table, owner } of recordTables) {
    for (const [rel, text] of texts) {
      if (rel !== owner && namesTable(text, table)) problems.push(`${rel} runs SQL on ${table}: only its owner ${owner} may`);
    }
  }
  return problems;
}

export function checkArchitecture(src) {
  const files = new Set(
    sourceFiles(src)
      .map((f) => resolve(f))
      .filter((f) => !relative(src, f).startsWith(`gen${sep}`)),
  );
  const problems = [];
  const edges = new Map();
  const texts = new Map();
  for (const f of files) {
    const unit = unitOf(src, f);
    const from = floorOf.get(unit);
    if (from === undefined) problems.push(`${relative(src, f)}: folder "${unit}" has no floor in scripts/check-architecture.mjs`);
    const targets = importsOf(f, files);
    edges.set(f, targets);
    for (const t of targets) {
      const to = floorOf.get(unitOf(src, t));
      if (from !== undefined && to !== undefined && to > from) {
        problems.push(`${relative(src, f)} imports ${relative(src, t)}: "${unit}" is below "${unitOf(src, t)}"`);
      }
    }
    const rel = relative(src, f).split(sep).join("/");
    const isCommand = /^domain\/[^/]+\/commands(\.ts|\/[^/]+\.ts)$/.test(rel);
    const text = readFileSync(f, "utf8");
    texts.set(rel, text);
    if (unit !== "store" && !isCommand && APPEND.test(text)) {
      problems.push(`${rel} appends events: only domain/<aggregate>/commands.ts may`);
    }
    const host = unit === "domain" && text.match(HOST_MODULE);
    if (host) problems.push(`${rel} imports node:${host[1]}: the domain reads no files and no machine facts`);
  }
  problems.push(...tableProblems(texts));
  for (const c of cycles(edges)) problems.push(`import cycle: ${c.map((f) => relative(src, f)).join(" <-> ")}`);
  return problems;
}

/** A UI file's unit and floor: `screens/<name>` for a file in a screen's folder (a feature), else as in emulator/src. */
function rendererPlace(src, file) {
  const rel = relative(src, file).split(sep);
  const feature = rel[0] === "screens" && rel.length > 2;
  const unit = feature ? `screens/${rel[1]}` : rel.length === 2 && rel[0] === "screens" ? `screens/${rel[1].replace(/\.tsx?$/, "")}` : unitOf(src, file);
  return { unit, feature, floor: rendererFloorOf.get(feature ? "screens/*" : unit) };
}

/** Problems of the UI's imports (renderer/src): upward across RENDERER_FLOORS, between features, cycles, a folder without a floor. */
export function checkRenderer(src) {
  const files = new Set(sourceFiles(src).map((f) => resolve(f)));
  const problems = [];
  const edges = new Map();
  for (const f of files) {
    const from = rendererPlace(src, f);
    const where = relative(src, f);
    if (from.floor === undefined) problems.push(`renderer: ${where}: "${from.unit}" has no floor in RENDERER_FLOORS of scripts/check-architecture.mjs`);
    const targets = importsOf(f, files, true);
    edges.set(f, targets);
    for (const t of targets) {
      const to = rendererPlace(src, t);
      const what = `renderer: ${where} imports ${relative(src, t)}`;
      if (from.floor !== undefined && to.floor !== undefined && to.floor > from.floor) problems.push(`${what}: "${from.unit}" is below "${to.unit}"`);
      if (from.feature && to.feature && from.unit !== to.unit) problems.push(`${what}: a feature may not import another (move what both use below screens/)`);
    }
  }
  for (const c of cycles(edges)) problems.push(`renderer: import cycle: ${c.map((f) => relative(src, f)).join(" <-> ")}`);
  return problems;
}

/**
 * The floors a table of docs/architecture.md lists, lowest first: the names in backticks of the
 * second column of each row below the header whose first cell is `header` (`gen/` and `emulator.ts`
 * both name a unit: "gen", "emulator").
 */
export function documentedFloors(markdown, header) {
  const lines = markdown.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`| ${header} |`));
  if (start < 0) return undefined;
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const folders = line.split("|")[2] ?? "";
    rows.push([...folders.matchAll(/`([^`]+)`/g)].map((m) => m[1].replace(/\/$/, "").replace(/\.tsx?$/, "")));
  }
  return rows;
}

/** Where the table of docs/architecture.md headed `header` lists other floors than `floors`: one line per floor that differs. */
export function floorTableProblems(markdown, header, floors, name) {
  const documented = documentedFloors(markdown, header);
  if (!documented) return [`docs/architecture.md has no table headed "| ${header} |" (the floors of ${name})`];
  const problems = [];
  const same = (a = [], b = []) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
  for (let i = 0; i < Math.max(documented.length, floors.length); i++) {
    if (!same(documented[i], floors[i])) {
      const doc = documented[i]?.join(", ") || "nothing";
      problems.push(`docs/architecture.md floor ${i} lists ${doc}; ${name} in scripts/check-architecture.mjs has ${floors[i]?.join(", ") || "nothing"}`);
    }
  }
  return problems;
}

/** The table headers of docs/architecture.md that list FLOORS and RENDERER_FLOORS. */
export const FLOOR_TABLES = [
  { header: "floor (lowest first)", floors: FLOORS, name: "FLOORS" },
  { header: "UI floor (lowest first)", floors: RENDERER_FLOORS, name: "RENDERER_FLOORS" },
];

/** Both floor tables of docs/architecture.md against the lists of this script. */
export function checkFloorTables(markdown) {
  return FLOOR_TABLES.flatMap((t) => floorTableProblems(markdown, t.header, t.floors, t.name));
}

/** What the desktop shell (electron/) may reach in emulator/src: the library entry and the handle's types, nothing inside. */
const SHELL_MAY_IMPORT = ["index.ts", "handle/handle.ts"];

/** Problems of the shell's imports: a file of emulator/src other than SHELL_MAY_IMPORT, or `electron` outside adapter.ts. */
export function checkShell(shellDir, src) {
  const problems = [];
  for (const f of sourceFiles(shellDir)) {
    const text = readFileSync(f, "utf8");
    // Every way to name a module: import/export … from, a bare import, import(), require().
    for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^'"]+)["']/g)) {
      const spec = m[1];
      if (spec === "electron" && relative(shellDir, f) !== "adapter.ts") problems.push(`${relative(".", f)} imports electron: only adapter.ts may`);
      if (!spec.startsWith(".")) continue;
      const target = relative(src, resolve(dirname(f), spec).replace(/\.js$/, ".ts"))
        .split(sep)
        .join("/");
      if (!target.startsWith("..") && !SHELL_MAY_IMPORT.includes(target))
        problems.push(`${relative(".", f)} imports emulator/src/${target}: the shell uses ${SHELL_MAY_IMPORT.join(" and ")} only`);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const src = resolve(process.argv[2] ?? "emulator/src");
  const problems = [
    ...checkArchitecture(src),
    ...checkShell(resolve(process.argv[3] ?? "electron"), src),
    ...checkRenderer(resolve(process.argv[4] ?? "renderer/src")),
    ...checkFloorTables(readFileSync(resolve(process.argv[5] ?? "docs/architecture.md"), "utf8")),
  ];
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`architecture: ${problems.length} problem(s); the floors are listed in scripts/check-architecture.mjs`);
    process.exit(1);
  }
  console.log(
    "architecture: floors respected (emulator/src and renderer/src), no import cycles, no feature importing another, " +
      "events appended only in domain/, no node:fs or node:os in domain/, every table with one owner, " +
      "the shell keeps to the library entry, docs/architecture.md lists the floors",
  );
}
