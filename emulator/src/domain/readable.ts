// What a search needs to keep only the rows its caller may read, without the domain knowing about
// callers: the resource API builds the condition from the caller's permissions
// (api/authorization.ts, readableCondition) and the query names the columns that place a row.

/** Columns of a searched table that place a row: its org, its project, its project grant (SQL expressions). */
export interface PlaceColumns {
  org?: string;
  project?: string;
  grant?: string;
}

/** A WHERE condition over `columns` keeping the rows the reader may read; pushes its arguments to `args`. */
export type Readable = (columns: PlaceColumns, args: unknown[]) => string;
