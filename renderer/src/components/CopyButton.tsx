// Copies a text to the clipboard and says so for two seconds (also to screen readers).

import { useEffect, useState } from "react";

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Without the async clipboard (permissions, old shells): a selected off-screen text area.
  const area = document.createElement("textarea");
  area.value = text;
  area.className = "offscreen";
  document.body.append(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

export function CopyButton({ text, label = "Copy", what }: { text: string; label?: string; what?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);
  // The button keeps its name (its visible text starts it); the outcome is a live status beside it.
  return (
    <>
      <button
        type="button"
        className="copy"
        aria-label={what ? `${label} ${what}` : undefined}
        onClick={() =>
          copyText(text).then(
            () => setState("copied"),
            () => setState("failed"),
          )
        }
      >
        {label}
      </button>
      <span className="copy-status" aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : ""}
      </span>
    </>
  );
}
