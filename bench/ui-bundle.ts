// Issue 13's size rows: what the built UI (dist/renderer) makes a browser download, gzip -9. "Initial"
// is what index.html loads (its module script, modulepreload links and stylesheets) plus every chunk
// those modules import statically; every other chunk is lazy (a screen or a part shared by screens).

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface LazyChunk {
  /** The file name without Vite's content hash ("Overview"). */
  name: string;
  gzip: number;
  /** With the lazy chunks it imports statically (what opening it costs once the shell is loaded). */
  gzipWithImports: number;
  /** Imported statically by another lazy chunk: a part shared by screens, not a screen of its own. */
  shared: boolean;
}

export interface BundleSizes {
  initialJs: { raw: number; gzip: number; files: string[] };
  initialCss: { raw: number; gzip: number; files: string[] };
  lazy: LazyChunk[];
}

const gzip9 = (b: Buffer) => gzipSync(b, { level: 9 }).length;

/** Static imports of a built module: `import{a}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?["']\.\/([^"']+)["']/g)].map((m) => m[1]!);
}

/** `assets/…` names that index.html references with the given tag and attribute. */
function referenced(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((m) => m[1]!.replace(/^.*\/assets\//, ""));
}

export function bundleSizes(dir: string): BundleSizes {
  const assets = join(dir, "assets");
  const file = (name: string) => readFileSync(join(assets, name));
  const html = readFileSync(join(dir, "index.html"), "utf8");
  const scripts = referenced(html, /<script[^>]*\bsrc="([^"]*\/assets\/[^"]+\.js)"/g);
  const preloads = referenced(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g);
  const styles = referenced(html, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);

  const all = readdirSync(assets);
  const closure = (roots: string[], skip: Set<string> = new Set()) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      // A match that names no built file (a string in the code that looks like an import) is not a chunk.
      if (seen.has(name) || skip.has(name) || !all.includes(name)) return;
      seen.add(name);
      for (const dep of staticImports(file(name).toString("utf8"))) visit(dep);
    };
    for (const r of roots) visit(r);
    return seen;
  };
  const initial = closure([...scripts, ...preloads]);
  const sum = (names: Iterable<string>, measure: (b: Buffer) => number) => [...names].reduce((n, f) => n + measure(file(f)), 0);

  const lazyNames = all.filter((f) => f.endsWith(".js") && !initial.has(f));
  const sharedNames = new Set(lazyNames.flatMap((f) => staticImports(file(f).toString("utf8"))));
  const lazy = lazyNames.map((f) => ({
    name: f.replace(/-[\w-]{8}\.js$/, ""),
    gzip: gzip9(file(f)),
    gzipWithImports: sum(closure([f], initial), gzip9),
    shared: sharedNames.has(f),
  }));
  // A stylesheet only a lazy chunk loads counts as lazy too; the rule is one stylesheet (renderer/README.md).
  const lazyCss = all.filter((f) => f.endsWith(".css") && !styles.includes(f));
  for (const f of lazyCss) lazy.push({ name: f, gzip: gzip9(file(f)), gzipWithImports: gzip9(file(f)), shared: false });
  return {
    initialJs: { raw: sum(initial, (b) => b.length), gzip: sum(initial, gzip9), files: [...initial] },
    initialCss: { raw: sum(styles, (b) => b.length), gzip: sum(styles, gzip9), files: styles },
    lazy: lazy.sort((a, b) => Number(a.shared) - Number(b.shared) || b.gzip - a.gzip),
  };
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
