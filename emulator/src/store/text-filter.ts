// TextFilterMethod (spec "Common types") as SQL: equals, starts with, contains, ends with, each
// case-sensitive or ignoring case.

export type TextMatch = { method: "equals" | "starts_with" | "contains" | "ends_with"; ignoreCase: boolean; value: string };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A SQL condition on `column`; pushes its parameters onto `args`. */
export function textCondition(column: string, m: TextMatch, args: unknown[]): string {
  if (m.method === "equals") {
    args.push(m.value);
    return m.ignoreCase ? `${column} = ? COLLATE NOCASE` : `${column} = ?`;
  }
  if (m.value === "") return "1";
  if (m.ignoreCase) {
    const v = escapeLike(m.value);
    args.push(m.method === "starts_with" ? `${v}%` : m.method === "ends_with" ? `%${v}` : `%${v}%`);
    return `${column} LIKE ? ESCAPE '\\'`;
  }
  if (m.method === "contains") {
    args.push(m.value);
    return `instr(${column}, ?) > 0`;
  }
  args.push(m.value, m.value);
  return m.method === "starts_with" ? `substr(${column}, 1, length(?)) = ?` : `substr(${column}, -length(?)) = ?`;
}
