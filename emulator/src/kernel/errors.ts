// The resource API's one error model (DESIGN 7, wire-facts 5): gRPC codes, mapped once to HTTP
// status and to the rpc status body {code, message, details:[ErrorDetail]}.

export enum Code {
  OK = 0,
  Canceled = 1,
  Unknown = 2,
  InvalidArgument = 3,
  DeadlineExceeded = 4,
  NotFound = 5,
  AlreadyExists = 6,
  PermissionDenied = 7,
  ResourceExhausted = 8,
  FailedPrecondition = 9,
  Aborted = 10,
  OutOfRange = 11,
  Unimplemented = 12,
  Internal = 13,
  Unavailable = 14,
  DataLoss = 15,
  Unauthenticated = 16,
}

// grpc-gateway v2's HTTPStatusFromCode; FailedPrecondition is deliberately 400.
const httpStatusOfCode: Record<Code, number> = {
  [Code.OK]: 200,
  [Code.Canceled]: 499,
  [Code.Unknown]: 500,
  [Code.InvalidArgument]: 400,
  [Code.DeadlineExceeded]: 504,
  [Code.NotFound]: 404,
  [Code.AlreadyExists]: 409,
  [Code.PermissionDenied]: 403,
  [Code.ResourceExhausted]: 429,
  [Code.FailedPrecondition]: 400,
  [Code.Aborted]: 409,
  [Code.OutOfRange]: 400,
  [Code.Unimplemented]: 501,
  [Code.Internal]: 500,
  [Code.Unavailable]: 503,
  [Code.DataLoss]: 500,
  [Code.Unauthenticated]: 401,
};

export function httpStatusFromCode(code: Code): number {
  return httpStatusOfCode[code] ?? 500;
}

/** The code an HTTP status stands for: the first code that maps to it (400 is InvalidArgument, 409 AlreadyExists). */
export function codeFromHttpStatus(status: number): Code | undefined {
  const found = Object.entries(httpStatusOfCode).find(([, http]) => http === status);
  return found && (Number(found[0]) as Code);
}

/** An error of the resource API. `id` is the stable id of the throw site, e.g. "COMMAND-xj14f2cccn". */
export class SvcError extends Error {
  constructor(
    readonly code: Code,
    readonly id: string,
    readonly text: string,
  ) {
    super(id ? `${text} (${id})` : text);
  }

  get httpStatus(): number {
    return httpStatusFromCode(this.code);
  }
}

export const ERROR_DETAIL_TYPE = "type.googleapis.com/svc.v1.ErrorDetail";

export interface RpcStatusBody {
  code: number;
  message: string;
  details?: { "@type": string; id: string; message: string }[];
}

export function rpcStatusBody(err: SvcError): RpcStatusBody {
  if (!err.id) return { code: err.code, message: err.message };
  return {
    code: err.code,
    message: err.message,
    details: [{ "@type": ERROR_DETAIL_TYPE, id: err.id, message: err.text }],
  };
}

/** Turns anything thrown into an SvcError; unexpected errors become Internal without leaking internals. */
export function toSvcError(err: unknown): SvcError {
  if (err instanceof SvcError) return err;
  // A bug of the emulator: say so on stderr, answer Internal without internals.
  console.error("svc-emulator: internal error:", err);
  return new SvcError(Code.Internal, "EMULATOR-internal", "Internal error");
}

export const notFound = (id: string, text: string) => new SvcError(Code.NotFound, id, text);
export const invalidArgument = (id: string, text: string) => new SvcError(Code.InvalidArgument, id, text);
export const failedPrecondition = (id: string, text: string) => new SvcError(Code.FailedPrecondition, id, text);
export const alreadyExists = (id: string, text: string) => new SvcError(Code.AlreadyExists, id, text);
