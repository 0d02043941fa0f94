// Searches keep only what the reader may read. Who may read what is the caller's business (the
// resource API's permission scope, api/authorization.ts); the query names where a row sits.

/** Columns of a searched table that place a row: its org, its project, its project grant (SQL expressions). */
export interface PlaceColumns {
  org?: string;
  project?: string;
  grant?: string;
}

/** A WHERE condition over `columns` keeping the rows the reader may read; pushes its arguments to `args`. */
export type Readable = (columns: PlaceColumns, args: unknown[]) => string;
