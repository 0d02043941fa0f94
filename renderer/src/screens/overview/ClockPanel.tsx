// The emulator clock: its time, live (ticking here between reads, read again every 2 s), real or frozen; freeze, advance,
// resume, back to real time. Every change shows the state the control API answered.

import { type FormEvent, useEffect, useState } from "react";
import { type ClockState, control } from "../../api/control";
import { useAction, useData } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";

/** The clock's time now: a running clock has moved on since it was read. */
function liveNow(state: ClockState, readAt: number): Date {
  const at = Date.parse(state.now);
  return new Date(state.frozen ? at : at + (Date.now() - readAt));
}

export function ClockPanel() {
  // Read again every 2 s: scripts and tests move the clock through the API too.
  const clock = useData(async () => ({ state: await control.clock(), readAt: Date.now() }), [], { everyMs: 2000 });
  const action = useAction();
  const [by, setBy] = useState("1h");
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);

  const change = async (work: () => Promise<ClockState>) => {
    const state = await action.run(work);
    if (state) clock.set({ state, readAt: Date.now() });
  };
  const advance = (e: FormEvent) => {
    e.preventDefault();
    void change(() => control.advanceClock(by));
  };

  const s = clock.data?.state;
  const now = s && clock.data ? liveNow(s, clock.data.readAt) : undefined;
  return (
    <section aria-labelledby="clock-title" className="card">
      <h2 id="clock-title">Clock</h2>
      <ErrorBanner error={clock.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
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
          <button type="button" disabled={action.pending} onClick={() => change(control.resumeClock)}>
            Resume
          </button>
        ) : (
          <button type="button" disabled={action.pending} onClick={() => change(() => control.freezeClock())}>
            Freeze
          </button>
        )}
        <button type="button" disabled={action.pending || (s && !s.frozen && s.offsetMs === 0)} onClick={() => change(control.realClock)}>
          Back to real time
        </button>
      </div>
      <form className="row" onSubmit={advance}>
        <label>
          Advance by <input value={by} onChange={(e) => setBy(e.target.value)} size={8} aria-describedby="advance-help" />
        </label>
        <button type="submit" disabled={action.pending}>
          Advance
        </button>
        <span id="advance-help" className="muted">
          a duration like 90s, 15m, 1h30m
        </span>
      </form>
    </section>
  );
}
