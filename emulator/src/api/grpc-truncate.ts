// A truncated body on gRPC and gRPC-web (issue 29, the `truncate` fault): the response as the rpc
// answered it, its body ending in the middle of its first frame (the message), whose length prefix
// still says the whole length (a message of under 5 bytes: inside the prefix). gRPC's trailers are no part of the body and still end the call with
// status OK; gRPC-web's trailer frame is in the body, after the cut, so it is not sent. A client meets
// a length prefix larger than the bytes sent, as behind a proxy that cut the body.

/** The 5 bytes before each message: a flag byte and the message length (big-endian). */
const PREFIX = 5;

/** `body` up to the middle of its first frame: the bytes after the middle are not sent. */
async function* cutFirstFrame(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const prefix = new Uint8Array(PREFIX);
  let at = 0; // bytes of the body seen so far
  let keepUntil = Number.POSITIVE_INFINITY; // the cut: first byte left out
  for await (const chunk of body) {
    const start = at;
    at += chunk.length;
    for (let i = 0; start + i < PREFIX && i < chunk.length; i++) prefix[start + i] = chunk[i]!;
    // Half the frame's bytes, its prefix included: an empty message loses part of its prefix.
    if (start < PREFIX && at >= PREFIX) keepUntil = Math.floor((PREFIX + new DataView(prefix.buffer).getUint32(1)) / 2);
    const keepEnd = Math.min(chunk.length, Math.max(0, keepUntil - start));
    if (keepEnd > 0) yield chunk.subarray(0, keepEnd);
  }
}

/**
 * `body`, its first frame cut short when `asked()` says so at the first chunk: connect may run the rpc
 * as the body is read, so only then is it sure whether a fault asked for the cut.
 */
export async function* cutWhenAsked(body: AsyncIterable<Uint8Array>, asked: () => boolean): AsyncIterable<Uint8Array> {
  const it = body[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return;
  const rest: AsyncIterable<Uint8Array> = {
    async *[Symbol.asyncIterator]() {
      yield first.value;
      for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
    },
  };
  yield* asked() ? cutFirstFrame(rest) : rest;
}
