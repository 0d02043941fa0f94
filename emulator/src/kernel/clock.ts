// The emulator clock (DESIGN 6): every timestamp the emulator writes comes from here, so tests can
// freeze it and advance it to make codes, tokens and sessions expire without waiting.

export interface ClockState {
  now: string;
  frozen: boolean;
  offsetMs: number;
}

export class Clock {
  private frozenAt: number | undefined;
  private offsetMs = 0;
  private moveListeners: (() => void)[] = [];

  constructor(private readonly realNow: () => number = Date.now) {}

  nowMs(): number {
    return this.frozenAt ?? this.realNow() + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** Calls `listener` after every freeze, advance, resume and reset (e.g. to prune what the jump expired); returns the stop function. */
  onMove(listener: () => void): () => void {
    this.moveListeners.push(listener);
    return () => {
      this.moveListeners = this.moveListeners.filter((l) => l !== listener);
    };
  }

  private moved(): void {
    for (const l of this.moveListeners) l();
  }

  /** Stops time at the current instant, or at `at` when given. */
  freeze(at?: number): void {
    this.frozenAt = at ?? this.nowMs();
    this.moved();
  }

  /** Moves time forward by `ms`, whether frozen or running. */
  advance(ms: number): void {
    if (this.frozenAt !== undefined) this.frozenAt += ms;
    else this.offsetMs += ms;
    this.moved();
  }

  /** Whether advancing by `ms` keeps the time a Date can hold (past it, every timestamp written would throw). */
  canAdvance(ms: number): boolean {
    return Number.isFinite(ms) && !Number.isNaN(new Date(this.nowMs() + ms).getTime());
  }

  /** Lets a frozen clock run again from where it stood. */
  resume(): void {
    if (this.frozenAt === undefined) return;
    this.offsetMs = this.frozenAt - this.realNow();
    this.frozenAt = undefined;
    this.moved();
  }

  /** Back to real time. */
  reset(): void {
    this.frozenAt = undefined;
    this.offsetMs = 0;
    this.moved();
  }

  state(): ClockState {
    return {
      now: this.now().toISOString(),
      frozen: this.frozenAt !== undefined,
      offsetMs: this.frozenAt === undefined ? this.offsetMs : this.frozenAt - this.realNow(),
    };
  }
}
