// The faults of one emulator, per instance, kept in memory (docs/behaviour.md "Faults"). A request
// asks `strike()`: the oldest active fault that matches answers it and counts the hit. Matching and
// counting are one synchronous step, so "the next N" is exactly N however many requests run at
// once. With no fault defined, `none` is true and the request paths skip the check altogether.

import type { Clock } from "../kernel/clock.js";
import { Emitter } from "../kernel/emitter.js";
import { ADMIN_SERVICE, type FaultDefinition, type FaultRequest, type FaultState, type FaultView, type FaultWhat, type Strike } from "./fault.js";

interface Fault {
  id: string;
  def: FaultDefinition;
  hits: number;
  createdMs: number;
  untilMs: number | undefined;
}

/** Whether a fault's kind answers this request's phase: token lifetimes at issuance only, the rest before the handler. */
const lifetimeKinds = new Set<FaultWhat["kind"]>(["expiredToken", "tokenExpiresIn"]);

export class FaultRegistry {
  private faults: Fault[] = [];
  private active = 0;
  private nextId = 1;
  private readonly changes = new Emitter<{ changed: string | undefined }>();

  constructor(private readonly clock: Clock) {}

  /**
   * Calls `listener` after a fault was added, removed or hit, with its instance (undefined: the faults of
   * every instance were removed); a fault's time running out is no call (`nextEndMs` tells when it will).
   */
  onChange(listener: (instanceId: string | undefined) => void): () => void {
    return this.changes.on("changed", listener);
  }

  /** When (emulator time) the first active fault with a time limit ends; undefined when none has one. */
  nextEndMs(): number | undefined {
    const nowMs = this.clock.nowMs();
    let next: number | undefined;
    for (const f of this.faults) if (f.untilMs !== undefined && this.state(f, nowMs) === "active") next = Math.min(next ?? f.untilMs, f.untilMs);
    return next;
  }

  /** No fault can strike: the request paths' whole cost when nothing is defined. */
  get none(): boolean {
    return this.active === 0;
  }

  add(def: FaultDefinition): FaultView {
    const nowMs = this.clock.nowMs();
    const fault: Fault = { id: `fault-${this.nextId++}`, def, hits: 0, createdMs: nowMs, untilMs: def.forMs === undefined ? undefined : nowMs + def.forMs };
    this.faults.push(fault);
    this.active++;
    this.changes.emit("changed", def.instanceId);
    return this.view(fault);
  }

  list(instanceId?: string): FaultView[] {
    return this.faults.filter((f) => !instanceId || f.def.instanceId === instanceId).map((f) => this.view(f));
  }

  get(id: string): FaultView | undefined {
    const f = this.faults.find((x) => x.id === id);
    return f && this.view(f);
  }

  remove(id: string): boolean {
    const gone = this.faults.find((f) => f.id === id);
    if (!gone) return false;
    this.faults = this.faults.filter((f) => f !== gone);
    this.recount();
    this.changes.emit("changed", gone.def.instanceId);
    return true;
  }

  /** Removes every fault (of one instance); how many. */
  clear(instanceId?: string): number {
    const before = this.faults.length;
    this.faults = instanceId ? this.faults.filter((f) => f.def.instanceId !== instanceId) : [];
    this.recount();
    const removed = before - this.faults.length;
    if (removed) this.changes.emit("changed", instanceId);
    return removed;
  }

  /**
   * The fault that answers `req`, its hit counted; undefined when none matches. `lifetime`: the
   * token issuance phase (expired tokens, token lifetimes) rather than the request itself.
   */
  strike(req: FaultRequest, lifetime = false): Strike | undefined {
    const nowMs = this.clock.nowMs();
    for (const f of this.faults) {
      if (lifetimeKinds.has(f.def.what.kind) !== lifetime || this.state(f, nowMs) !== "active" || !matches(f.def, req)) continue;
      f.hits++;
      if (this.state(f, nowMs) !== "active") this.recount();
      this.changes.emit("changed", f.def.instanceId);
      return { id: f.id, what: f.def.what };
    }
    return undefined;
  }

  private state(f: Fault, nowMs: number): FaultState {
    if (f.def.times !== undefined && f.hits >= f.def.times) return "used";
    if (f.untilMs !== undefined && nowMs >= f.untilMs) return "expired";
    return "active";
  }

  /** Faults past their time stay counted as active until a request or a change looks at them: `none` only errs towards checking. */
  private recount(): void {
    const nowMs = this.clock.nowMs();
    this.active = this.faults.filter((f) => this.state(f, nowMs) === "active").length;
  }

  private view(f: Fault): FaultView {
    const { def } = f;
    return {
      id: f.id,
      instanceId: def.instanceId,
      where: def.where,
      what: def.what,
      times: def.times ?? null,
      hits: f.hits,
      remaining: def.times === undefined ? null : Math.max(0, def.times - f.hits),
      until: f.untilMs === undefined ? null : new Date(f.untilMs).toISOString(),
      state: this.state(f, this.clock.nowMs()),
      createdAt: new Date(f.createdMs).toISOString(),
    };
  }
}

function matches(def: FaultDefinition, req: FaultRequest): boolean {
  const w = def.where;
  if (def.instanceId !== req.instanceId) return false;
  if (w.endpoint !== undefined && (w.endpoint !== req.endpoint || (w.grantType !== undefined && w.grantType !== req.grantType))) return false;
  if (w.method !== undefined && w.method !== req.method) return false;
  if (w.service !== undefined && w.service !== req.service) return false;
  if (w.admin && req.service !== ADMIN_SERVICE) return false;
  if (w.clientId !== undefined && w.clientId !== req.clientId) return false;
  if (w.userId !== undefined && w.userId !== req.userId) return false;
  return true;
}
