// The request journal (issue 29): one entry per request to the OIDC endpoints, the resource API and
// the admin API, per instance, in memory. It holds no secret and no token value: what was called,
// by which client and user, how it ended, how long it took and which fault answered it. Bounded:
// at most MAX_PER_INSTANCE entries an instance (the oldest go first), and entries older than the
// retention period on the emulator clock are pruned, like expired tokens (domain/retention.ts).

import type { Clock } from "../kernel/clock.js";
import { Emitter } from "../kernel/emitter.js";

export const MAX_PER_INSTANCE = 10_000;

export type JournalSurface = "oidc" | "resource" | "admin";
export type JournalTransport = "http" | "rest" | "grpc" | "grpc-web";

export interface JournalEntry {
  /** Increasing per emulator: `after` pages on from one. */
  seq: number;
  at: string;
  instanceId: string;
  surface: JournalSurface;
  transport: JournalTransport;
  /** The OIDC endpoint's name (faults' names) or the rpc's full name. */
  endpoint: string;
  clientId: string | null;
  userId: string | null;
  /** The HTTP status (OIDC, REST); null for gRPC and gRPC-web, which answer with `code`. */
  status: number | null;
  /** The rpc status code's name (resource and admin API); null on the OIDC surface. */
  code: string | null;
  durationMs: number;
  /** The fault that answered the request, if one did. */
  faultId: string | null;
}

export type JournalInput = Omit<JournalEntry, "seq" | "at">;

export interface JournalFilter {
  instanceId?: string;
  surface?: string;
  endpoint?: string;
  clientId?: string;
  userId?: string;
  faultId?: string;
  /** ISO time on the emulator clock: entries at or after it. */
  since?: string;
  /** Entries after this sequence number. */
  after?: number;
}

/** A ring of entries: `start` is the oldest's index, so dropping the oldest costs nothing. */
interface Ring {
  entries: JournalEntry[];
  start: number;
}

export class Journal {
  private rings = new Map<string, Ring>();
  private seq = 0;
  private readonly emitter = new Emitter<{ entry: JournalEntry }>();

  constructor(
    private readonly clock: Clock,
    private readonly retentionMs: number,
    private readonly maxPerInstance = MAX_PER_INSTANCE,
  ) {}

  record(input: JournalInput): void {
    const entry = input as JournalEntry;
    entry.seq = ++this.seq;
    entry.at = new Date(this.clock.nowMs()).toISOString();
    let ring = this.rings.get(entry.instanceId);
    if (!ring) this.rings.set(entry.instanceId, (ring = { entries: [], start: 0 }));
    if (ring.entries.length - ring.start >= this.maxPerInstance) ring.start++;
    ring.entries.push(entry);
    this.prune(ring);
    this.emitter.emit("entry", entry);
  }

  /** Drops what is past retention and compacts the ring once its dropped head is as long as what is kept. */
  private prune(ring: Ring): void {
    const cutoff = new Date(this.clock.nowMs() - this.retentionMs).toISOString();
    while (ring.start < ring.entries.length && ring.entries[ring.start]!.at < cutoff) ring.start++;
    if (ring.start > 0 && ring.start >= ring.entries.length - ring.start) {
      ring.entries = ring.entries.slice(ring.start);
      ring.start = 0;
    }
  }

  list(filter: JournalFilter, limit?: number): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (const [instanceId, ring] of this.rings) {
      if (filter.instanceId && instanceId !== filter.instanceId) continue;
      this.prune(ring);
      for (let i = ring.start; i < ring.entries.length; i++) if (matches(ring.entries[i]!, filter)) out.push(ring.entries[i]!);
    }
    out.sort((a, b) => a.seq - b.seq);
    return limit === undefined ? out : out.slice(0, limit);
  }

  count(filter: JournalFilter): number {
    return this.list(filter).length;
  }

  /** Empties the journal (of one instance); how many entries went. */
  clear(instanceId?: string): number {
    const n = this.count({ instanceId });
    if (instanceId) this.rings.delete(instanceId);
    else this.rings.clear();
    return n;
  }

  /** Entries kept, all instances: what the memory bound is about. */
  size(): number {
    let n = 0;
    for (const ring of this.rings.values()) n += ring.entries.length;
    return n;
  }

  onEntry(listener: (entry: JournalEntry) => void): () => void {
    return this.emitter.on("entry", listener);
  }
}

export function matches(e: JournalEntry, f: JournalFilter): boolean {
  return (
    (!f.instanceId || e.instanceId === f.instanceId) &&
    (!f.surface || e.surface === f.surface) &&
    (!f.endpoint || e.endpoint === f.endpoint || e.endpoint === `/${f.endpoint}` || e.endpoint.startsWith(`/${f.endpoint.replace(/^\//, "")}/`)) &&
    (!f.clientId || e.clientId === f.clientId) &&
    (!f.userId || e.userId === f.userId) &&
    (!f.faultId || e.faultId === f.faultId) &&
    (!f.since || e.at >= f.since) &&
    (f.after === undefined || e.seq > f.after)
  );
}
