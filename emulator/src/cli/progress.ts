// Progress of a command on stderr: a bar redrawn in place on a terminal, one plain line per step
// otherwise (logs, pipes, CI). Steps are the command's phases (read, send, write): export and import
// are one request each, so nothing finer is known until the jobs of the control API report counters.

export interface Progress {
  step(name: string): void;
  done(summary: string): void;
}

const WIDTH = 24;

export function progress(label: string, total: number, out: NodeJS.WriteStream = process.stderr): Progress {
  let done = 0;
  const draw = (text: string, final = false) => {
    if (!out.isTTY) return void out.write(`${label}: ${text}\n`);
    const filled = Math.round((WIDTH * done) / total);
    const bar = `${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}`;
    out.write(`\r\x1b[2K${label} [${bar}] ${done}/${total} ${text}${final ? "\n" : ""}`);
  };
  return {
    step(name) {
      draw(name);
      done = Math.min(total, done + 1);
    },
    done(summary) {
      done = total;
      draw(summary, true);
    },
  };
}
