// The one-line ready JSON the image prints (`start --json`): where the tokens come from.

import type { StartedTestContainer } from "testcontainers";

export interface ReadyLine {
  url: string;
  issuer: string;
  adminPat: string;
  consoleToken: string;
}

/** The ready line from the container's logs; the container answers its ready endpoint already, so it is there. */
export async function readReadyLine(started: StartedTestContainer, timeoutMs = 10_000): Promise<ReadyLine> {
  const stream = await started.logs();
  return new Promise<ReadyLine>((resolve, reject) => {
    let text = "";
    const done = (error: Error | undefined, line?: ReadyLine) => {
      clearTimeout(timer);
      stream.removeAllListeners("data");
      stream.destroy();
      if (error) reject(error);
      else resolve(line!);
    };
    const timer = setTimeout(() => done(new Error(`svc-emulator printed no ready line within ${timeoutMs} ms; its log:\n${text}`)), timeoutMs);
    stream.on("data", (chunk: Buffer | string) => {
      text += chunk.toString();
      const line = text
        .split("\n")
        .slice(0, -1)
        .find((l) => l.startsWith("{"));
      if (line) done(undefined, JSON.parse(line) as ReadyLine);
    });
    stream.on("end", () => done(new Error(`svc-emulator's log ended without a ready line:\n${text}`)));
    stream.on("error", (e: Error) => done(e));
  });
}
