// Small statistics for the benchmarks.

export function summary(samples: number[]): { median: number; p95: number; min: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95), min: s[0]!, max: s[s.length - 1]! };
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
