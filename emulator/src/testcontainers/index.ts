// `svc-emulator/testcontainers`: the container image as a Testcontainers module (README, "Use it in CI").

export { SVC_EMULATOR_IMAGE, SVC_EMULATOR_PORT, SVC_EMULATOR_READY_PATH, SvcEmulatorContainer } from "./svc-emulator-container.js";
export { StartedSvcEmulatorContainer, type SvcEmulatorEndpoints } from "./started-svc-emulator-container.js";
