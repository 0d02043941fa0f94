#!/usr/bin/env node
// Fails when a git-tracked source file (.ts, .mjs, .cjs, .js) has a line longer than MAX characters.
// The biome formatter wraps code at the same width but leaves long strings and comments alone; this
// check covers those. Generated code (emulator/src/gen/) is exempt: it is rewritten by `npm run
// generate`, never by hand. `npm test` runs it.
//
// usage: node scripts/check-line-length.mjs

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const MAX = 160;
const EXEMPT = ["emulator/src/gen/", "node_modules/"];

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Tracked files only, so that build output, local scratch files and node_modules never count.
const files = execFileSync("git", ["ls-files", "-z", "--", "*.ts", "*.mjs", "*.cjs", "*.js"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((f) => f && !EXEMPT.some((dir) => f.startsWith(dir) || f.includes(`/${dir}`)));

const long = [];
for (const file of files) {
  const lines = readFileSync(join(root, file), "utf8").split(/\r?\n/);
  lines.forEach((line, i) => {
    // Characters, not UTF-16 units or bytes: "✓" counts as one.
    const length = [...line].length;
    if (length > MAX) long.push(`${file}:${i + 1}: ${length}`);
  });
}

if (long.length) {
  console.error(`${long.length} line(s) longer than ${MAX} characters (split the string or the comment):`);
  for (const l of long) console.error(`  ${l}`);
  process.exit(1);
}
console.log(`line length: ${files.length} files, no line longer than ${MAX} characters`);
