// Pointing into an opened document: the value a validation error's path names (`orgs[0].humanUsers[1].user.emial`),
// and where a JSON syntax error is. The engine's paths use lowerCamel names; a file may be written
// in snake_case, so both spellings are looked up.

const SNIPPET = 240;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `orgs[0].user.name` → ["orgs", 0, "user", "name"]. */
export function pathSegments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out;
}

/** The first SNIPPET characters; a pair of UTF-16 halves (an emoji) is kept whole or left out, never cut. */
function clip(text: string): string {
  if (text.length <= SNIPPET) return text;
  const cut = /[\uD800-\uDBFF]/.test(text[SNIPPET - 1]!) ? SNIPPET - 1 : SNIPPET;
  return `${text.slice(0, cut)}…`;
}

/**
 * The part of the document a path names: the value itself when it is there, else (a missing or
 * unknown field) the nearest object that holds it. `at` is the path that was found.
 */
export function snippetAt(document: unknown, path: string): { at: string; text: string } {
  let value = document;
  let at = "";
  for (const seg of pathSegments(path)) {
    let next: unknown;
    if (typeof seg === "number") next = Array.isArray(value) ? value[seg] : undefined;
    // Own fields only: a path through `constructor` or `toString` names a field of the file, not Object's.
    else if (isObj(value)) next = Object.hasOwn(value, seg) ? value[seg] : Object.hasOwn(value, snake(seg)) ? value[snake(seg)] : undefined;
    if (next === undefined) break;
    value = next;
    at = typeof seg === "number" ? `${at}[${seg}]` : at ? `${at}.${seg}` : seg;
  }
  return { at: at || "(the document)", text: clip(JSON.stringify(value, null, 1)?.replace(/\n\s*/g, " ") ?? String(value)) };
}

/** A JSON.parse failure's place in the text: line, column and the text around it (undefined when the message names none). */
export function syntaxErrorPlace(text: string, message: string): { line: number; column: number; around: string } | undefined {
  const pos = /position (\d+)/.exec(message)?.[1];
  const lineCol = /line (\d+) column (\d+)/.exec(message);
  let offset: number;
  if (pos !== undefined) offset = Number(pos);
  else if (lineCol) {
    const lines = text.split("\n");
    offset = lines.slice(0, Number(lineCol[1]) - 1).reduce((n, l) => n + l.length + 1, 0) + Number(lineCol[2]) - 1;
  } else return undefined;
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return { line, column, around: text.slice(Math.max(0, offset - 40), offset + 40) };
}
