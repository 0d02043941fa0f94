// What the control API acts on: the running emulator's core and its lifecycle operations.

import type { Core } from "../domain/core.js";
import type { Snapshots } from "../store/snapshots.js";
import type { SigningKeys } from "../domain/signing-key/signing-key.js";
import type { BucketStore } from "../bucket/bucket-store.js";

export interface ControlContext {
  core: Core;
  consoleToken: string;
  snapshots: Snapshots;
  keys: SigningKeys;
  /** The local bucket store (GCS JSON API subset), listed and downloaded through the control API. */
  buckets: BucketStore;
  reset(): void;
  restore(name: string): boolean;
}
