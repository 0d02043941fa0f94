// A destructive action's button that asks first, in place: the rule of docs/behaviour.md ("The UI
// asks before what one click cannot undo"). The button opens the Confirm step; Cancel closes it.

import { useState } from "react";
import { Confirm } from "./Confirm";

export interface ConfirmButtonProps {
  /** The button's text ("Remove", "Revoke"). */
  label: string;
  /** The button's accessible name when the text alone is ambiguous in a table ("Remove tier"); starts with `label`. */
  ariaLabel?: string;
  /** Names what goes and what follows. */
  question: string;
  /** The confirming button's text; default `label`. */
  action?: string;
  onConfirm(): void;
  disabled?: boolean;
  className?: string;
}

export function ConfirmButton({ label, ariaLabel, question, action, onConfirm, disabled, className }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  if (asking)
    return (
      <Confirm
        question={question}
        action={action ?? label}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
        onCancel={() => setAsking(false)}
        disabled={disabled}
      />
    );
  return (
    <button type="button" className={className} aria-label={ariaLabel} disabled={disabled} onClick={() => setAsking(true)}>
      {label}
    </button>
  );
}
