// The control API answers lowerCamel only, and reads lowerCamel; the snake_case names it used before
// (instance_id, aggregate_type, multitenancy_resources_api, ...) are still read, for scripts written
// against them. Only the top level of a query or JSON body is renamed: values such as an event's
// payload are data and keep their keys. A name given both ways keeps its snake_case twin, which the
// route's schema then refuses as an unknown property.

const SNAKE = /_([a-z0-9])/g;

export function lowerCamel(name: string): string {
  return name.replace(SNAKE, (_m, c: string) => c.toUpperCase());
}

/** Renames the snake_case keys of a plain object to lowerCamel in place, unless that name is taken. */
export function acceptSnakeCase(value: unknown): void {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return;
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!key.includes("_")) continue;
    const camel = lowerCamel(key);
    if (camel === key || Object.hasOwn(o, camel)) continue;
    o[camel] = o[key];
    delete o[key];
  }
}
