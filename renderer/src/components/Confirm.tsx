// The one confirmation step of a destructive action: the question names the full path of what goes
// (research §1.5), the action button says what happens, Cancel leaves everything as it was.

import type { ReactNode } from "react";

export interface ConfirmProps {
  question: ReactNode;
  /** The label of the button that carries the action out ("Delete", "Restore"). */
  action: string;
  onConfirm: () => void;
  onCancel: () => void;
  disabled?: boolean;
}

export function Confirm({ question, action, onConfirm, onCancel, disabled }: ConfirmProps) {
  return (
    <fieldset className="confirm">
      <legend>Confirm</legend>
      <span>{question}</span>
      <button type="button" className="danger" onClick={onConfirm} disabled={disabled}>
        {action}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </fieldset>
  );
}
