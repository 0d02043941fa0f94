// The desktop app's settings (issue 14), listed only inside the app: the port (free or fixed), open at
// login, the fixture file a new data folder is seeded from, and the data folder. Stored by the app's
// main process through window.svcDesktop; port and fixture file apply at the next start.

import { type FormEvent, useEffect, useState } from "react";
import { desktop, desktopCall, type SvcDesktopSettings } from "../../api/desktop";
import { useAction, useData } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";

export default function DesktopSettings() {
  const api = desktop();
  const stored = useData(() => (api ? desktopCall(() => api.getSettings()) : Promise.resolve(undefined)), []);
  const action = useAction();
  const [fixed, setFixed] = useState(false);
  const [port, setPort] = useState("");
  const [openAtLogin, setOpenAtLogin] = useState(false);
  const [done, setDone] = useState("");

  useEffect(() => {
    const s = stored.data;
    if (!s) return;
    setFixed(s.port !== null);
    setPort(s.port === null ? "" : String(s.port));
    setOpenAtLogin(s.openAtLogin);
  }, [stored.data]);

  if (!api) return null;
  const saved = (s: SvcDesktopSettings | undefined, what: string) => {
    if (s) stored.set(s), setDone(what);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const change = { port: fixed ? Number(port) : null, openAtLogin };
    saved(await action.run(() => desktopCall(() => api.setSettings(change))), "Saved. The port applies at the next start.");
  };
  const clearFixture = async () => saved(await action.run(() => desktopCall(() => api.setSettings({ fixtureFile: null }))), "The default seed is used again.");
  const s = stored.data;

  return (
    <>
      <h1>Desktop</h1>
      <div className="grid">
        <section aria-labelledby="desktop-settings-title" className="card">
          <h2 id="desktop-settings-title">App settings</h2>
          <ErrorBanner error={stored.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
          <p className="muted" aria-live="polite">
            {done}
          </p>
          {s && (
            <form onSubmit={save}>
              <fieldset>
                <legend>Port</legend>
                <label className="row">
                  <input type="radio" name="port-mode" checked={!fixed} onChange={() => setFixed(false)} /> A free port at each start
                </label>
                <label className="row">
                  <input type="radio" name="port-mode" checked={fixed} onChange={() => setFixed(true)} /> Fixed port
                  <input
                    type="number"
                    min={1024}
                    max={65535}
                    required={fixed}
                    disabled={!fixed}
                    value={port}
                    onChange={(e) => setPort(e.target.value)}
                    aria-label="Fixed port number"
                  />
                </label>
              </fieldset>
              <label className="row">
                <input type="checkbox" checked={openAtLogin} onChange={(e) => setOpenAtLogin(e.target.checked)} /> Open at login
              </label>
              <div className="row">
                <button type="submit" disabled={action.pending}>
                  Save settings
                </button>
              </div>
            </form>
          )}
        </section>
        <section aria-labelledby="desktop-data-title" className="card">
          <h2 id="desktop-data-title">Data</h2>
          <p>
            Fixture file: <strong data-testid="fixture-file">{s?.fixtureFile ?? "none (the default seed)"}</strong>
          </p>
          <p className="muted">It seeds a new data folder. Choose one with File &gt; Start with fixture file… in the menu.</p>
          <div className="row">
            {s?.fixtureFile && (
              <button type="button" onClick={clearFixture}>
                Use the default seed
              </button>
            )}
            <button type="button" onClick={() => action.run(() => desktopCall(() => api.revealDataDir()))}>
              Open data folder
            </button>
          </div>
        </section>
      </div>
    </>
  );
}
