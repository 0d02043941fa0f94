// Ids are numeric strings like the real product's (18 digits). With a seed they are deterministic:
// the same seed and the same sequence of writes give the same ids.

const EPOCH_MS = 1_600_000_000_000;
const OFFSET = 100_000_000_000_000_000n;

export class IdGenerator {
  private last = 0n;

  constructor(
    private readonly nowMs: () => number,
    private readonly seed?: number,
  ) {}

  next(): string {
    const base = this.seed !== undefined ? BigInt(this.seed) * 1_000_000n : BigInt(this.nowMs() - EPOCH_MS) * 10_000n;
    const candidate = base > this.last ? base : this.last + 1n;
    this.last = candidate;
    return String(OFFSET + candidate);
  }

  /** Never hands out an id at or below `id` (a database opened again keeps its ids). */
  bumpPast(id: bigint): void {
    if (id - OFFSET > this.last) this.last = id - OFFSET;
  }

  state(): bigint {
    return this.last;
  }

  restore(state: bigint): void {
    this.last = state;
  }
}
