// A JSON value, indented and coloured by kind. Every key and value is a React text child, so the
// browser escapes it: a hostile claim or payload shows as text and never runs.

import type { ReactNode } from "react";

function render(value: unknown, indent: string): ReactNode {
  if (value === null) return <span className="json-null">null</span>;
  if (typeof value === "string") return <span className="json-string">{JSON.stringify(value)}</span>;
  if (typeof value === "number" || typeof value === "bigint") return <span className="json-number">{String(value)}</span>;
  if (typeof value === "boolean") return <span className="json-boolean">{String(value)}</span>;
  if (typeof value !== "object") return <span className="json-null">{String(value)}</span>;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return (
      <>
        {"[\n"}
        {value.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity of an array item
          <span key={i}>
            {inner}
            {render(v, inner)}
            {i < value.length - 1 ? ",\n" : "\n"}
          </span>
        ))}
        {`${indent}]`}
      </>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  return (
    <>
      {"{\n"}
      {entries.map(([k, v], i) => (
        <span key={k}>
          {inner}
          <span className="json-key">{JSON.stringify(k)}</span>
          {": "}
          {render(v, inner)}
          {i < entries.length - 1 ? ",\n" : "\n"}
        </span>
      ))}
      {`${indent}}`}
    </>
  );
}

export function JsonView({ value, label }: { value: unknown; label?: string }) {
  return (
    <figure className="json-view">
      {label && <figcaption>{label}</figcaption>}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard */}
      <pre className="json" tabIndex={0}>
        {render(value, "")}
      </pre>
    </figure>
  );
}
