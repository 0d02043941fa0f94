// The library handle's contract (DESIGN 1): what startEmulator() gives the CLI, the desktop shell,
// the UI's live views and test suites. Only what is declared here is public; the core, the event
// store and the database are reached through the separate `svc-emulator/internal` export.

import type { ClockState } from "../kernel/clock.js";
import type { StoredEvent } from "../store/event.js";
import type { SnapshotInfo } from "../store/snapshots.js";
import type { CheckedCall } from "../actions/call-signature.js";
import type { FixtureFile } from "../fixtures/fixture-file.js";
import type { EmulatorFaults, EmulatorRequests } from "./faults.js";

export type { EmulatorFaults, EmulatorRequests, FaultHandle, FaultInput } from "./faults.js";

export interface EmulatorOptions {
  /** Default 8080; 0 takes a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where the database lives; default ./.svc-emulator. Ignored with inMemory. */
  dataDir?: string;
  inMemory?: boolean;
  /**
   * What a new database is seeded from: a fixture file's path, or its content (parsed JSON).
   * Default: the default seed, built into the package (`defaultFixtures()` gives a copy to change).
   */
  fixtures?: string | FixtureFile;
  /**
   * Seeds a NEW database, after the fixtures, from an org export (`{orgs:[…]}`: a file path or the
   * parsed document), through the import engine, atomically. A database that exists already is refused.
   */
  import?: string | object;
  /** Makes ids deterministic. */
  seed?: number;
  /** Fixes the console token instead of generating one. */
  consoleToken?: string;
  /**
   * How long expired tokens, codes, authorization requests and device authorizations are kept on
   * the emulator clock before they are pruned (their rows and events deleted): milliseconds or a
   * duration like "1h" or "30m"; default 24 hours (docs/behaviour.md, Retention).
   */
  retention?: number | string;
  /**
   * The default instance's issuer under loopback and the `hostNames`, an origin like
   * "http://localhost:8080" (no path): one issuer for a browser on the host and a backend in another
   * container. Its host is admitted too. Default: each request's Host (http://<Host>).
   */
  publicUrl?: string;
  /**
   * Extra host names (no port) admitted by the DNS rebinding check and served as the default instance,
   * like "svc-emulator" for the other containers of a network. Nothing else but loopback and instance domains is admitted.
   */
  hostNames?: string[];
}

/** The events an emulator emits: each name with the value its listeners get. */
export interface EmulatorEvents {
  /** One event appended to the log, after its command committed (in log order). */
  eventCommitted: StoredEvent;
  /** One call an execution made to a target, once it is recorded (synchronous and async calls alike). */
  /** A recorded target call as the control API shows it, with its signature checked. */
  targetCalled: CheckedCall;
  /** The emulator went back to its seeded state (`reset()` or the control API's `POST reset`). */
  reset: undefined;
  /** `close()` finished: the port is free and the database closed. */
  closed: undefined;
}

export type EmulatorEventName = keyof EmulatorEvents;

/** The emulator clock: every timestamp the emulator writes comes from it. Each change answers the new state. */
export interface EmulatorClock {
  now(): Date;
  state(): ClockState;
  /** Stops time now, or at `at` (a Date, an ISO time or epoch milliseconds). */
  freeze(at?: Date | string | number): ClockState;
  /** Moves time forward by milliseconds or a duration like "90s", "15m", "1h30m". */
  advance(by: number | string): ClockState;
  /** Lets a frozen clock run again from where it stands. */
  resume(): ClockState;
  /** Back to real time. */
  reset(): ClockState;
}

/** A seed of `emu.instances.create`: a fixture file (its path, its parsed content, or "default") or an org export document. */
export type InstanceSeedOption = { fixtures: string | FixtureFile } | { document: object };

/** An instance made by `emu.instances.create` (docs/behaviour.md, "Instances seeded per test worker"). */
export interface EmulatorInstance {
  readonly id: string;
  readonly name: string;
  readonly domains: string[];
  /** `http://<first domain>:<port>`: reach it with that Host (Node's fetch does not resolve *.localhost by itself). */
  readonly issuer: string;
  /** A PAT of the owner machine user its seed made (the fixture's `adminPat: true`), else "". */
  readonly adminPat: string;
  /** Back to what it held right after its seed; other instances untouched. */
  reset(): void;
  /** Saves this instance's rows under `name` (in the process). */
  snapshot(name: string): SnapshotInfo;
  /** Brings back this instance's snapshot `name`; throws when there is none. */
  restore(name: string): void;
}

export interface EmulatorInstances {
  /** A new instance (domain default `<name slug or i>-<id>.localhost`), seeded when `seed` is given, all or nothing. */
  create(input?: { name?: string; domain?: string; seed?: InstanceSeedOption }): Promise<EmulatorInstance>;
}

export interface Emulator {
  /** Where every protocol is served: REST, gRPC, gRPC-web, OIDC and the control API. */
  readonly url: string;
  /** The default instance's OIDC issuer: the public URL when one is set, else `url`. */
  readonly issuer: string;
  readonly port: number;
  /** A personal access token of the seed's instance owner (empty when the fixtures give none). */
  readonly adminPat: string;
  /** The bearer token of the control API under /emulator/v1. */
  readonly consoleToken: string;
  /** A link that opens the UI signed in, once: its token becomes a session cookie in the first browser that opens it. */
  uiLink(): string;
  readonly clock: EmulatorClock;
  /** Instances made and seeded one by one, each with its own reset and snapshots (issue 26). */
  readonly instances: EmulatorInstances;
  /** Back to the seeded state, completely (database, clock, id generator); emits "reset". */
  reset(): void;
  /** Saves the whole database under `name` (replacing a snapshot of that name). */
  snapshot(name: string): SnapshotInfo;
  /** Brings back the snapshot `name`; throws when there is none. */
  restore(name: string): void;
  snapshots(): SnapshotInfo[];
  /** Whether there was a snapshot `name` to delete. */
  deleteSnapshot(name: string): boolean;
  /** Calls `listener` on every `name` event of this emulator; returns the function that stops it. */
  on<K extends EmulatorEventName>(name: K, listener: (value: EmulatorEvents[K]) => void): () => void;
  once<K extends EmulatorEventName>(name: K, listener: (value: EmulatorEvents[K]) => void): () => void;
  off<K extends EmulatorEventName>(name: K, listener: (value: EmulatorEvents[K]) => void): void;
  /** Faults to inject at run time (docs/behaviour.md "Faults"): `await emu.faults.add({ where, what, times })`. */
  readonly faults: EmulatorFaults;
  /** The request journal: every request to the OIDC endpoints, the resource API and the admin API. */
  readonly requests: EmulatorRequests;
  /** Stops serving and closes the database; emits "closed". A second call waits for the first. */
  close(): Promise<void>;
}
