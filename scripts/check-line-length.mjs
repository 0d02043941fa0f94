#!/usr/bin/env node
// Fails when a git-tracked source file (.ts, .tsx, .mjs, .cjs, .js) has a line longer than MAX
// characters. The biome formatter wraps code at the same width but leaves long strings, comments and
// JSX text alone; this check covers those. Generated code (emulator/src/gen/) is exempt: it is
// rewritten by `npm run generate`, never by hand. `npm test` runs it; test/architecture/line-length.test.ts
// shows it catching a long line.
//
// usage: node scripts/check-line-length.mjs

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const MAX = 160;
const PATTERNS = ["*.ts", "*.tsx", "*.mjs", "*.cjs", "*.js"];
const EXEMPT = ["emulator/src/gen/", "node_modules/"];

/** The files the check reads: tracked by git (so build output and scratch files never count), not exempt. */
export function checkedFiles(root) {
  return execFileSync("git", ["ls-files", "-z", "--", ...PATTERNS], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((f) => f && !EXEMPT.some((dir) => f.startsWith(dir) || f.includes(`/${dir}`)));
}

/** `file:line: length` for every line of the checked files longer than MAX characters. */
export function longLines(root, files = checkedFiles(root)) {
  const long = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), "utf8").split(/\r?\n/);
    lines.forEach((line, i) => {
      // Characters, not UTF-16 units or bytes: "✓" counts as one.
      const length = [...line].length;
      if (length > MAX) long.push(`${file}:${i + 1}: ${length}`);
    });
  }
  return long;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const files = checkedFiles(root);
  const long = longLines(root, files);
  if (long.length) {
    console.error(`${long.length} line(s) longer than ${MAX} characters (split the string or the comment):`);
    for (const l of long) console.error(`  ${l}`);
    process.exit(1);
  }
  console.log(`line length: ${files.length} files, no line longer than ${MAX} characters`);
}
