// The packages the bundles load from node_modules instead of carrying them (scripts/build.mjs): what an
// install of the command needs besides dist/ (the container image keeps only these and their dependencies,
// scripts/container.mjs).

/** Native, or large and loaded only when needed (nodemailer: the first email; hash-wasm: the first argon2 check). */
export const LIBRARY_EXTERNALS = ["better-sqlite3", "nodemailer", "hash-wasm"];

/** The command also leaves out the GCS client, loaded on the first admin export to or import from a bucket. */
export const COMMAND_EXTERNALS = [...LIBRARY_EXTERNALS, "@google-cloud/storage"];

/**
 * Left out of every bundle but no dependency of the emulator's, so not installed with it: debug (under
 * @google-cloud/storage) tries supports-color in a try/catch for colored logs; it (and its has-flag) is a dev
 * tool's (autocannon's chalk), found at run time or not at all, like any install without dev dependencies.
 */
export const RUNTIME_OPTIONAL = ["supports-color"];
