// What the action's two steps share: its inputs, and the runner's file commands (GITHUB_ENV,
// GITHUB_OUTPUT, GITHUB_STATE) and log commands, as the Actions runner defines them. No dependencies:
// the runner runs these files from the action's checkout as they are.

const fs = require("node:fs");

/** An input as the runner passes it: INPUT_<NAME> with the name upper-cased and spaces as underscores. */
function input(name) {
  return (process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}

/** Appends `name=value` to one of the runner's command files; values here are single lines. */
function appendCommand(fileVariable, name, value) {
  const file = process.env[fileVariable];
  if (!file) throw new Error(`${fileVariable} is not set: run this as a step of a GitHub Actions job`);
  if (/[\r\n]/.test(value)) throw new Error(`${name} has a line break`);
  fs.appendFileSync(file, `${name}=${value}\n`);
}

module.exports = {
  input,
  /** A comma-separated input as its non-empty items. */
  listInput: (name) =>
    input(name)
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean),
  exportVariable: (name, value) => appendCommand("GITHUB_ENV", name, value),
  setOutput: (name, value) => appendCommand("GITHUB_OUTPUT", name, value),
  saveState: (name, value) => appendCommand("GITHUB_STATE", name, value),
  /** State saved by the main step reaches the post step as STATE_<name>. */
  state: (name) => process.env[`STATE_${name}`] ?? "",
  mask: (value) => value && process.stdout.write(`::add-mask::${value}\n`),
  fail(message) {
    process.stdout.write(`::error::${message}\n`);
    process.exitCode = 1;
  },
};
