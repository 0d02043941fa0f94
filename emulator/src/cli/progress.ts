// Progress of a command on stderr, from the counters per kind of a control API job: on a terminal
// one bar redrawn in place (`import [#####---] 1203/10010 humanUsers 1200/10000`), otherwise plain
// lines (logs, pipes, CI): a step line for each phase, and a counter line per kind each time it
// passes another tenth of its total (so 10,000 users are at most ten lines, not 10,000).

export interface Progress {
  /** A phase of the command (reading the file, starting the job, writing the file). */
  step(text: string): void;
  /** A job counter: `done` of `total` items of `kind`. */
  count(kind: string, done: number, total: number): void;
  done(summary: string): void;
}

const WIDTH = 24;

export function progress(label: string, out: NodeJS.WriteStream = process.stderr): Progress {
  const counters = new Map<string, { done: number; total: number }>();
  const sums = () => [...counters.values()].reduce((s, c) => ({ done: s.done + c.done, total: s.total + c.total }), { done: 0, total: 0 });
  const draw = (text: string, final = false) => {
    const { done, total } = sums();
    const filled = total ? Math.round((WIDTH * done) / total) : final ? WIDTH : 0;
    const bar = `${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}`;
    out.write(`\r\x1b[2K${label} [${bar}] ${done}/${total} ${text}${final ? "\n" : ""}`);
  };
  const plain = (text: string) => out.write(`${label}: ${text}\n`);
  return {
    step(text) {
      if (out.isTTY) draw(text);
      else plain(text);
    },
    count(kind, done, total) {
      const before = counters.get(kind)?.done ?? 0;
      counters.set(kind, { done, total });
      if (total === 0) return; // a kind the document does not have
      if (out.isTTY) return draw(`${kind} ${done}/${total}`);
      // A line when the counter enters a new tenth of its total, and at the end.
      const tenth = (n: number) => Math.floor((10 * n) / total);
      if (done > before && (done === total || tenth(done) > tenth(before))) plain(`${kind} ${done}/${total}`);
    },
    done(summary) {
      if (out.isTTY) draw(summary, true);
      else plain(summary);
    },
  };
}
