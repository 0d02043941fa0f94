// The validation errors of a document, each with its path and the part of the file it points at.

import type { ImportError } from "../../api/control";
import { snippetAt } from "./doc-path";

/** The engine's message without its `ID=… Message=<path>: ` prefix (the path is shown beside it). */
const reason = (e: ImportError) => e.message.replace(/^ID=\S+ Message=/, "").replace(`${e.path}: `, "");

export function ValidationErrors({ errors, document, title }: { errors: ImportError[]; document: unknown; title: string }) {
  if (!errors.length) return null;
  return (
    <div role="alert" className="validation">
      <h3>{title}</h3>
      <ol className="validation-errors">
        {errors.map((e, i) => {
          const snippet = e.path ? snippetAt(document, e.path) : undefined;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: several errors may share a path
            <li key={i}>
              <code className="error-path">{e.path || "(no path)"}</code> <span className="error-reason">{reason(e)}</span>
              {e.id && (
                <span className="muted">
                  {" "}
                  ({e.type} {e.id})
                </span>
              )}
              {snippet && (
                <pre className="snippet">
                  <span className="muted">{snippet.at}: </span>
                  {snippet.text}
                </pre>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
