// Entry of the bundled command (dist/cli.cjs).

import { main } from "./cli.js";

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`svc-emulator: ${(e as Error).stack ?? e}\n`);
    process.exit(1);
  },
);
