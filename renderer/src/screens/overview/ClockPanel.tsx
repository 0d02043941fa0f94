// The emulator clock: its time, live (ticking here between reads, read again when a change notice
// says it moved), real or frozen; freeze, advance, resume, back to real time. Every change shows the
// state the control API answered.

import { type FormEvent, useEffect, useState } from "react";
import type { ClockState } from "../../api/control";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { type ClockChange, useChangeClock } from "./api/change-clock";
import { useClock } from "./api/get-clock";

/** The clock's time now: a running clock has moved on since it was read. */
function liveNow(state: ClockState, readAt: number): Date {
  const at = Date.parse(state.now);
  return new Date(state.frozen ? at : at + (Date.now() - readAt));
}

export function ClockPanel() {
  // Scripts and tests move the clock through the API too: their change notices make it stale.
  const clock = useClock();
  const action = useChangeClock();
  const [by, setBy] = useState("1h");
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);

  const change = (c: ClockChange) => action.mutate(c);
  const advance = (e: FormEvent) => {
    e.preventDefault();
    change({ kind: "advance", by });
  };

  const s = clock.data?.state;
  const now = s && clock.data ? liveNow(s, clock.data.readAt) : undefined;
  return (
    <Card title="Clock">
      <ErrorBanner error={clock.error ?? action.error} onDismiss={action.error ? action.reset : undefined} />
      {s && now && (
        <>
          <p className="clock-now">
            <time dateTime={now.toISOString()} data-testid="clock-now">
              {now.toISOString()}
            </time>{" "}
            <span className={s.frozen ? "badge badge-warn" : "badge"} data-testid="clock-mode">
              {s.frozen ? "frozen" : s.offsetMs === 0 ? "real time" : "running, shifted"}
            </span>
          </p>
          <p className="muted">
            {now.toLocaleString()} local · offset from real time {Math.round(s.offsetMs / 1000)} s
          </p>
        </>
      )}
      <div className="row">
        {s?.frozen ? (
          <button type="button" disabled={action.isPending} onClick={() => change({ kind: "resume" })}>
            Resume
          </button>
        ) : (
          <button type="button" disabled={action.isPending} onClick={() => change({ kind: "freeze" })}>
            Freeze
          </button>
        )}
        <button type="button" disabled={action.isPending || (s && !s.frozen && s.offsetMs === 0)} onClick={() => change({ kind: "real" })}>
          Back to real time
        </button>
      </div>
      <form className="row" onSubmit={advance}>
        <label>
          Advance by <input value={by} onChange={(e) => setBy(e.target.value)} size={8} aria-describedby="advance-help" />
        </label>
        <button type="submit" disabled={action.isPending}>
          Advance
        </button>
        <span id="advance-help" className="muted">
          a duration like 90s, 15m, 1h30m
        </span>
      </form>
    </Card>
  );
}
