// What the control API acts on: the running emulator's core and its lifecycle operations.

import type { Core } from "../domain/core.js";
import type { Snapshots } from "../store/snapshots.js";
import type { SigningKeys } from "../domain/signing-key/signing-key.js";

export interface ControlContext {
  core: Core;
  consoleToken: string;
  snapshots: Snapshots;
  keys: SigningKeys;
  reset(): void;
  restore(name: string): boolean;
}
