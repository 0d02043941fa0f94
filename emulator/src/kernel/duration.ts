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

const GO_UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, μs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A duration in Go's `time.ParseDuration` syntax ("10m", "1h30m", "1.5s", "300ms", "-2s", "0"), as
 * the product reads the admin API's `timeout`; milliseconds (fractional below 1 ms), undefined when
 * not a duration.
 */
export function parseGoDuration(text: string): number | undefined {
  const m = /^([-+]?)(.*)$/s.exec(text)!;
  if (m[2] === "0") return 0;
  const re = /(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/gy;
  let total = 0;
  let matched = 0;
  for (const part of m[2]!.matchAll(re)) {
    total += Number(part[1]) * GO_UNIT_MS[part[2]!]!;
    matched += part[0].length;
  }
  if (matched === 0 || matched !== m[2]!.length) return undefined;
  return m[1] === "-" ? -total : total;
}
