// GCS's JSON API error body, which the official clients parse into ApiError (code, message, errors):
// {"error": {"code": 404, "message": "...", "errors": [{"message", "domain": "global", "reason"}]}}.

import type { FastifyReply } from "fastify";

export class GcsError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export const noSuchBucket = () => new GcsError(404, "notFound", "The specified bucket does not exist.");
export const noSuchObject = (bucket: string, name: string) => new GcsError(404, "notFound", `No such object: ${bucket}/${name}`);
export const invalid = (message: string) => new GcsError(400, "invalid", message);
export const required = (message: string) => new GcsError(400, "required", message);

export function gcsErrorBody(err: GcsError) {
  return { error: { code: err.status, message: err.message, errors: [{ message: err.message, domain: "global", reason: err.reason }] } };
}

export function sendGcsError(reply: FastifyReply, err: GcsError): FastifyReply {
  return reply
    .code(err.status)
    .type("application/json; charset=UTF-8")
    .send(JSON.stringify(gcsErrorBody(err)));
}
