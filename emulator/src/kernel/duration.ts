// Durations as people write them ("90s", "15m", "1h30m", "1.5s", "250ms"): the control API's clock
// advance and the library handle's `clock.advance` read the same syntax.

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "1h30m", "90s", "1.5s", "250ms" -> milliseconds; undefined when not a duration. */
export function parseDuration(text: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/gy;
  let total = 0;
  let matched = 0;
  for (const m of text.matchAll(re)) {
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    matched += m[0].length;
  }
  return matched === text.length && matched > 0 ? total : undefined;
}
