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

export interface ControlContext {
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
  restore(name: string): boolean;
}
