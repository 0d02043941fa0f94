// The README's Jest block: one emulator for the run (global setup and teardown), each test file on an
// instance of its own; TypeScript through babel-jest (Jest's own transform) with the TypeScript preset.
module.exports = {
  rootDir: "../../..",
  testMatch: ["<rootDir>/test/runners/jest/*.test.ts"],
  globalSetup: "svc-emulator/testing/jest-global-setup",
  globalTeardown: "svc-emulator/testing/jest-global-teardown",
  maxWorkers: 4,
  // TypeScript's ESM imports name files .js: Jest finds the .ts beside them.
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  transform: { "\\.ts$": ["babel-jest", { presets: ["@babel/preset-typescript"], plugins: ["@babel/plugin-transform-modules-commonjs"] }] },
};
