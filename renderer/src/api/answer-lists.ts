// proto3 JSON leaves out empty lists and maps: a search without hits answers no `result` at all, a
// project without roles no `roles`. Every answer of the resource and settings APIs passes here once
// (resource.ts), and gets its left-out lists back as [] (maps as {}), from where proto/ declares
// them (list-fields.ts, generated), so a screen reads `answer.result` as the list it is, empty or not.

import { LIST_FIELDS, type ListShape } from "./list-fields";

interface Route {
  verb: string;
  pattern: RegExp;
  /** Path variables: the route with fewer of them wins (`/domains/_search` over `/domains/{domain}`). */
  variables: number;
  lists: ListShape;
}

let routes: Route[] | undefined;
function routesOf(): Route[] {
  routes ??= LIST_FIELDS.map(([verb, template, lists]) => ({
    verb,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    variables: template.split("{").length - 1,
    lists,
  })).sort((a, b) => a.variables - b.variables);
  return routes;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function fill(value: Record<string, unknown>, shape: ListShape): void {
  for (const [name, inner] of Object.entries(shape)) {
    const have = value[name];
    if (inner === 0) value[name] = have ?? [];
    else if (inner === 1) value[name] = have ?? {};
    else if (Array.isArray(inner)) {
      value[name] = have ?? [];
      // Only a list is walked: a field that holds something else (an answer not from the emulator) stays as it is.
      if (Array.isArray(value[name])) for (const item of value[name]) if (isObject(item)) fill(item, inner[0]);
    } else if (isObject(have)) fill(have, inner);
  }
}

/** The answer of `verb path` (path: from /resources/… or /settings/…, query allowed) with its lists filled in. */
export function withLists<T>(verb: string, path: string, answer: T): T {
  const bare = path.split("?")[0]!;
  const route = routesOf().find((r) => r.verb === verb && r.pattern.test(bare));
  if (route && isObject(answer)) fill(answer, route.lists);
  return answer;
}
