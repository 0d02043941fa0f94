// The one-line ready JSON of `svc-emulator start --json`, polled from what the emulator printed so far;
// both modes use it (npx: its log file; image: the container's logs).

/**
 * Resolves with the parsed ready line; rejects with what was printed when the emulator exited first
 * (`exited()` answers its exit code, else undefined) or printed no such line within `timeoutMs`.
 */
function waitForReadyLine({ read, exited, timeoutMs, intervalMs = 100 }) {
  return new Promise((resolve, reject) => {
    const until = Date.now() + timeoutMs;
    const poll = () => {
      const text = read();
      const line = text
        .split("\n")
        .slice(0, -1)
        .find((l) => l.startsWith("{"));
      if (line) return resolve(JSON.parse(line));
      const code = exited();
      // Read again: the last output may have come after the read above.
      if (code !== undefined) return reject(new Error(`svc-emulator exited (${code}) before it was ready:\n${read()}`));
      if (Date.now() > until) return reject(new Error(`svc-emulator printed no ready line within ${timeoutMs / 1000} s:\n${text}`));
      setTimeout(poll, intervalMs);
    };
    poll();
  });
}

module.exports = { waitForReadyLine };
