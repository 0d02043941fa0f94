// Stands in for svc-emulator/testing/vitest in shared.config.ts: the one shared instance, whatever is asked.
import { inject } from "vitest";
import { testInstanceOf } from "svc-emulator/testing";

const { connection, instance } = inject("svcEmulatorShared");
const shared = await testInstanceOf(connection, instance);
export const svcEmulatorInstance = (_options?: object) => shared;
