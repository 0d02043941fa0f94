// The request size limit of every surface (docs/behaviour.md "Transport limits"): one number for
// REST, gRPC, gRPC-web, OIDC and the control API, and how each recognises a body refused for it.
// The admin export and import carry whole organizations and have a larger limit of their own.

/** The largest request body or gRPC message: gRPC's default receive limit, on every transport. */
export const BODY_LIMIT = 4 * 1024 * 1024;

/** The limit of the admin ExportData and ImportData rpcs only (files of 100,000 users). */
export const ORG_DOCUMENT_BODY_LIMIT = 256 * 1024 * 1024;

/** What a refused body is told: the limit it went over. */
export const bodyTooLargeText = (limit: number = BODY_LIMIT) => `the request body is larger than the limit of ${limit} bytes (${limit / (1024 * 1024)} MiB)`;

export const BODY_TOO_LARGE_TEXT = bodyTooLargeText(BODY_LIMIT);

/** Whether fastify refused a body for its size. */
export function isBodyTooLarge(err: { code?: string }): boolean {
  return err.code === "FST_ERR_CTP_BODY_TOO_LARGE";
}
