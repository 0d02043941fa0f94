// Telling gRPC-web from the other HTTP/1.1 requests on the shared port, before any route is found.

/** Whether an HTTP/1.1 request is gRPC-web (and not REST or a page). */
export function isGrpcWeb(contentType: string | undefined): boolean {
  return (contentType ?? "").startsWith("application/grpc-web");
}
