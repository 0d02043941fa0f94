// An error shown to a person: what happened and what to do first, the emulator's message, and the
// gRPC code (or the JavaScript exception) as a detail (error-text.ts).

import { errorText } from "./error-text";

export function ErrorBanner({ error, onDismiss }: { error: unknown; onDismiss?: () => void }) {
  if (!error) return null;
  const t = errorText(error);
  return (
    <div className="error-banner" role="alert">
      <strong>{t.what}</strong> {t.message && <span className="error-message">{t.message}</span>} {t.todo && <span className="error-todo">{t.todo}</span>}
      {t.detail && <small className="error-detail">{t.detail}</small>}
      {onDismiss && (
        <button type="button" className="link" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
