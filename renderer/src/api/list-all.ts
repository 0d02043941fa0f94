// Every result of a paged `_search` of the resource API, in one paging style: pages of 1,000 (the
// API's maximum, api/details.ts MAX_LIMIT), oldest first; the first answer's total says how many
// more pages there are, which are then asked for together. proto3 JSON leaves out a total of 0 and
// an empty result: no total means the first page is all there is.

import type { ListDetailsJson } from "../../../emulator/src/gen/svc/resources/object/v3alpha/object_pb.js";
import type { CallOptions } from "./resource";

export const PAGE_LIMIT = 1000;

/** The part of a resource client (api/resource.ts) paging needs. */
export interface Poster {
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
}

interface Page<T> {
  details?: ListDetailsJson;
  result?: T[];
}

/** Every result of `path` (a `_search` path, a query such as `?ctx.orgId=…` allowed) with `filters` as its body. */
export async function listAll<T>(client: Poster, path: string, filters: unknown[] = [], signal?: AbortSignal): Promise<T[]> {
  const join = path.includes("?") ? "&" : "?";
  const page = (offset: number) => client.post<Page<T>>(`${path}${join}query.limit=${PAGE_LIMIT}&query.offset=${offset}&query.asc=true`, filters, { signal });
  const first = await page(0);
  const total = Number(first.details?.totalResult ?? 0);
  const rest: Promise<Page<T>>[] = [];
  for (let offset = PAGE_LIMIT; offset < total; offset += PAGE_LIMIT) rest.push(page(offset));
  return [first, ...(await Promise.all(rest))].flatMap((p) => p.result ?? []);
}
