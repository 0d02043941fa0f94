// The CLI's side of the control API's jobs (POST /emulator/v1/jobs, GET /jobs/{id}/events): starts
// an import or export job, follows its server-sent events (progress counters per kind) and answers
// the final job. A job that failed or was cancelled is a CommandError with the job's own message.

import type { JobView, Progress } from "../control/jobs.js";
import { CommandError, postJson, type Remote } from "./remote.js";

/** One parsed server-sent event. */
interface Sse {
  event: string;
  data: string;
}

/** Splits a text/event-stream body into events as its bytes arrive (fields `event` and `data` only). */
async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<Sse> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: Sse = { event: "message", data: "" };
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event.event = line.slice(6).trim();
        else if (line.startsWith("data:")) event.data += (event.data ? "\n" : "") + line.slice(5).trimStart();
      }
      yield event;
      end = buffer.indexOf("\n\n");
    }
  }
}

/** Runs a job to its end, calling `onProgress` with each counter; answers the job that ended `done`. */
export async function runJob(remote: Remote, body: Record<string, unknown>, onProgress: (p: Progress) => void): Promise<JobView> {
  const { id } = (await postJson(remote, "/emulator/v1/jobs", body)) as { id: string };
  const path = `/emulator/v1/jobs/${encodeURIComponent(id)}/events`;
  let res: Response;
  try {
    res = await fetch(`${remote.url}${path}`, { headers: { authorization: `Bearer ${remote.token}`, accept: "text/event-stream" } });
  } catch (e) {
    throw new CommandError(`cannot reach ${remote.url}: ${(e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message}`);
  }
  if (!res.ok || !res.body) throw new CommandError(`${path} answered ${res.status}: ${await res.text()}`);
  for await (const e of events(res.body)) {
    if (e.event === "progress") {
      onProgress(JSON.parse(e.data) as Progress);
      continue;
    }
    const job = JSON.parse(e.data) as JobView;
    if (e.event === "done") return job;
    throw new CommandError(`job ${id} ${job.state}${job.error ? `: ${job.error.message}` : ""}`);
  }
  throw new CommandError(`job ${id}: the event stream ended before the job did`);
}
