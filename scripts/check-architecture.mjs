#!/usr/bin/env node
// The floors of emulator/src (docs/architecture.md): each folder may import only from its own floor
// and the floors below it. This script fails on an import from a lower floor into a higher one, on
// any import cycle between files, and on an event appended outside domain/; and on the desktop shell
// (electron/) reaching into emulator/src past its library entry, or importing `electron` outside
// its adapter. `npm test` runs it.
//
// usage: node scripts/check-architecture.mjs [src-dir] [shell-dir]

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
  ["bucket"],
  ["domain"],
  ["auth", "notification"],
  ["actions"],
  ["oidc"],
  ["api"],
  ["control", "demo"],
  ["fixtures"],
  ["server"],
  ["emulator", "handle", "index", "internal"],
  ["cli", "cli-main"],
];

const floorOf = new Map(FLOORS.flatMap((names, i) => names.map((n) => [n, i])));

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

/** Relative imports of a file, resolved to files of the set (type imports included). */
function importsOf(file, files) {
  const text = readFileSync(file, "utf8");
  const out = [];
  for (const m of text.matchAll(IMPORT)) {
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

export function checkArchitecture(src) {
  const files = new Set(
    sourceFiles(src)
      .map((f) => resolve(f))
      .filter((f) => !relative(src, f).startsWith(`gen${sep}`)),
  );
  const problems = [];
  const edges = new Map();
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
    if (unit !== "store" && !isCommand && APPEND.test(readFileSync(f, "utf8"))) {
      problems.push(`${rel} appends events: only domain/<aggregate>/commands.ts may`);
    }
  }
  for (const c of cycles(edges)) problems.push(`import cycle: ${c.map((f) => relative(src, f)).join(" <-> ")}`);
  return problems;
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
  const problems = [...checkArchitecture(src), ...checkShell(resolve(process.argv[3] ?? "electron"), src)];
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`architecture: ${problems.length} problem(s); the floors are listed in scripts/check-architecture.mjs`);
    process.exit(1);
  }
  console.log("architecture: floors respected, no import cycles, events appended only in domain/, the shell keeps to the library entry");
}
