// The request size limit of every surface (docs/behaviour.md "Transport limits"): one number for
// REST, gRPC, gRPC-web, OIDC and the control API, and how each recognises a body refused for it.

/** The largest request body or gRPC message: gRPC's default receive limit, on every transport. */
export const BODY_LIMIT = 4 * 1024 * 1024;

export const BODY_TOO_LARGE_TEXT = `the request body is larger than the limit of ${BODY_LIMIT} bytes (4 MiB)`;

/** Whether fastify refused a body for its size. */
export function isBodyTooLarge(err: { code?: string }): boolean {
  return err.code === "FST_ERR_CTP_BODY_TOO_LARGE";
}
