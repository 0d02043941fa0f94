// The language settings of a context with their provenance: each property shows its value and
// "set here" or "inherited from …"; override sets it in this context, reset forgets it here so the
// parent's value shows through again.

import { useState } from "react";
import type { SetLanguageSettingsJson } from "../../../../emulator/src/gen/svc/settings/language/v3alpha/language_service_pb.js";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import type { Ctx } from "./api/context-query";
import { useLanguages, useSetLanguages } from "./api/resolve-languages";
import { provenance } from "./provenance";

export function LanguagesPanel({ instanceId, ctx, where }: { instanceId: string | undefined; ctx: Ctx; where: string }) {
  const settings = useLanguages(instanceId, ctx);
  const setLanguages = useSetLanguages(instanceId, ctx);
  const action = useAction();
  // What the user chose and has not applied yet; undefined: the pickers show the current values.
  const [defaultLang, setDefaultLang] = useState<string>();
  const [restricted, setRestricted] = useState<string>();
  const s = settings.data;
  const supported = (s?.supportedLanguages?.value ?? []).map((l) => l.key ?? "");
  const currentRestricted = (s?.restrictedLanguages?.value ?? []).map((l) => l.key).join(", ");
  const defaultLanguage = s?.defaultLanguage?.value ?? "";
  const change = async (body: SetLanguageSettingsJson) => {
    if ((await action.run(async () => (await setLanguages.mutateAsync(body), true))) === true) {
      setDefaultLang(undefined);
      setRestricted(undefined);
    }
  };
  const keys = (text: string) =>
    text
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((key) => ({ key }));

  return (
    <Card title="Language settings">
      <p className="muted">Values in {where}: each one is set here or inherited from the context above.</p>
      <ErrorBanner error={settings.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      {s && (
        <dl className="settings">
          <div data-testid="setting-defaultLanguage">
            <dt>Default language</dt>
            <dd>
              <code>{defaultLanguage}</code> <span className="provenance">{provenance(s.defaultLanguage?.owner)}</span>
              <span className="row">
                <label>
                  Override default language{" "}
                  <select value={defaultLang ?? defaultLanguage} onChange={(e) => setDefaultLang(e.target.value)}>
                    {supported.map((k) => (
                      <option key={k} value={k}>
                        {k}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  disabled={action.pending || defaultLang === undefined || (defaultLang === defaultLanguage && !s.defaultLanguage?.owner)}
                  onClick={() => change({ defaultLanguage: { key: defaultLang } })}
                >
                  Override
                </button>
                {!s.defaultLanguage?.owner && (
                  <button type="button" disabled={action.pending} onClick={() => change({ resetDefaultLanguage: true })}>
                    Reset default language to inherited
                  </button>
                )}
              </span>
            </dd>
          </div>
          <div data-testid="setting-restrictedLanguages">
            <dt>Restricted languages</dt>
            <dd>
              <code>{currentRestricted || "none"}</code> <span className="provenance">{provenance(s.restrictedLanguages?.owner)}</span>
              <span className="row">
                <label>
                  Override restricted languages{" "}
                  <input value={restricted ?? currentRestricted} onChange={(e) => setRestricted(e.target.value)} placeholder="de, en, fr" />
                </label>
                <button
                  type="button"
                  disabled={action.pending || !restricted?.trim() || restricted.trim() === currentRestricted}
                  onClick={() => change({ restrictedLanguages: { languages: keys(restricted ?? "") } })}
                >
                  Override list
                </button>
                {!s.restrictedLanguages?.owner && (
                  <button type="button" disabled={action.pending} onClick={() => change({ resetRestrictedLanguages: true })}>
                    Reset restricted languages to inherited
                  </button>
                )}
              </span>
            </dd>
          </div>
          <div data-testid="setting-supportedLanguages">
            <dt>Supported languages</dt>
            <dd>
              <code>{supported.join(", ")}</code> <span className="provenance">{provenance(s.supportedLanguages?.owner)} (fixed)</span>
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
