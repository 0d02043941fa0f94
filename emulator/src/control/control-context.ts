// What the control API acts on: the running emulator's core and its lifecycle operations.

import type { Core } from "../domain/core.js";
import type { Snapshots } from "../store/snapshots.js";
import type { SigningKeys } from "../domain/signing-key/signing-key.js";
import type { BucketStore } from "../bucket/bucket-store.js";
import type { UiAccess } from "./ui-access.js";

/** Facts of the running emulator known once it listens (the UI's overview shows them). */
export interface RuntimeFacts {
  url: string;
  issuer: string;
  /** The data directory, or null in memory. */
  dataDir: string | null;
  adminPat: string;
}

/** An instance as the per-instance seeding answers it (fixtures/instance-seeds.ts). */
export interface SeededInstanceFacts {
  id: string;
  name: string;
  domains: string[];
  adminPat: string;
}

/** A fixture file (parsed, or "default") or an org export document. */
export type InstanceSeed = { fixtures: unknown } | { document: unknown };

/** Instances made, seeded, reset and snapshotted one by one (issue 26); refusals are SvcErrors. */
export interface InstanceSeeding {
  create(input: { name?: string; domain?: string; seed?: InstanceSeed }): Promise<SeededInstanceFacts>;
  seed(instanceId: string, seed: InstanceSeed): Promise<SeededInstanceFacts>;
  reset(instanceId: string): void;
  snapshot(instanceId: string, name: string): { info: { name: string; createdAt: string; sizeBytes: number }; replaced: boolean };
  listSnapshots(instanceId: string): { name: string; createdAt: string; sizeBytes: number }[];
  restore(instanceId: string, name: string): void;
  deleteSnapshot(instanceId: string, name: string): void;
}

export interface ControlContext {
  /** Per-instance creation, seed, reset and snapshots. */
  instanceSeeds: InstanceSeeding;
  core: Core;
  consoleToken: string;
  snapshots: Snapshots;
  keys: SigningKeys;
  /** The local bucket store (GCS JSON API subset), listed and downloaded through the control API. */
  buckets: BucketStore;
  /** Link tokens and sessions of the UI. */
  ui: UiAccess;
  runtime(): RuntimeFacts;
  reset(): void;
  /** The rpc table's methods and services (made on first use), for checking fault definitions. */
  rpcNames(): Promise<{ methods: string[]; services: string[] }>;
  restore(name: string): boolean;
}
