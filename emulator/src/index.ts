// The public library API of svc-emulator: startEmulator() and its typed handle (handle/handle.ts).
// The core behind a handle is reached through the separate `svc-emulator/internal` export.

export { startEmulator } from "./emulator.js";
export type {
  Emulator,
  EmulatorClock,
  EmulatorEventName,
  EmulatorEvents,
  EmulatorInstance,
  EmulatorInstances,
  EmulatorOptions,
  InstanceSeedOption,
} from "./handle/handle.js";
export { defaultFixtures } from "./fixtures/default-fixtures.js";
export { FixtureError } from "./fixtures/seed.js";
export type { FixtureFile } from "./fixtures/fixture-file.js";
export type { ClockState } from "./kernel/clock.js";
export type { StoredEvent } from "./store/event.js";
export type { SnapshotInfo } from "./store/snapshots.js";
export type { TargetCall } from "./records/target-calls.js";
export type { CheckedCall } from "./actions/call-signature.js";
export type { EmulatorFaults, EmulatorRequests, FaultHandle, FaultInput } from "./handle/handle.js";
export type { FaultView } from "./faults/fault.js";
export type { JournalEntry, JournalFilter } from "./faults/journal.js";
export { FaultDefinitionError } from "./control/fault-definition.js";
