// Edit a user's profile through the resource API: a human's user name, names, language, email and
// phone (with their verified flags); a machine's user name, name and description.

import { type FormEvent, useState } from "react";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { type ProfilePatch, useSaveProfile } from "./api/change-user";
import type { UserRow } from "./user-list";

export function ProfileCard({ row }: { row: UserRow }) {
  const saveProfile = useSaveProfile(row.id);
  const action = useAction();
  const h = row.user.human;
  const m = row.user.machine;
  const [f, setF] = useState({
    username: h?.username ?? m?.username ?? "",
    givenName: h?.profile?.givenName ?? "",
    familyName: h?.profile?.familyName ?? "",
    displayName: h?.profile?.displayName ?? "",
    nickName: h?.profile?.nickName ?? "",
    preferredLanguage: h?.profile?.preferredLanguage ?? "",
    email: h?.email?.email ?? "",
    emailVerified: h?.email?.isVerified ?? false,
    phone: h?.phone?.phone ?? "",
    phoneVerified: h?.phone?.isVerified ?? false,
    name: m?.name ?? "",
    description: m?.description ?? "",
  });
  const [saved, setSaved] = useState(false);
  const text = (key: keyof typeof f, label: string, props: Record<string, unknown> = {}) => (
    <label>
      {label} <input value={String(f[key])} onChange={(e) => (setF({ ...f, [key]: e.target.value }), setSaved(false))} {...props} />
    </label>
  );
  const check = (key: "emailVerified" | "phoneVerified", label: string) => (
    <label>
      <input type="checkbox" checked={f[key]} onChange={(e) => (setF({ ...f, [key]: e.target.checked }), setSaved(false))} /> {label}
    </label>
  );
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const body: ProfilePatch = h
      ? {
          kind: "human",
          patch: {
            username: f.username,
            profile: {
              givenName: f.givenName,
              familyName: f.familyName,
              displayName: f.displayName,
              nickName: f.nickName,
              preferredLanguage: f.preferredLanguage,
            },
            email: { email: f.email, isVerified: f.emailVerified },
            ...(f.phone ? { phone: { phone: f.phone, isVerified: f.phoneVerified } } : {}),
          },
        }
      : { kind: "machine", patch: { username: f.username, name: f.name, description: f.description } };
    if (await action.run(() => saveProfile.mutateAsync(body))) setSaved(true);
  };
  return (
    <Card title="Profile">
      <ErrorBanner error={action.error} onDismiss={action.clearError} />
      <form className="user-form" onSubmit={save}>
        {text("username", "User name", { required: true })}
        {h ? (
          <>
            {text("givenName", "Given name", { required: true })}
            {text("familyName", "Family name", { required: true })}
            {text("displayName", "Display name")}
            {text("nickName", "Nick name")}
            {text("preferredLanguage", "Preferred language", { placeholder: "en", size: 6 })}
            {text("email", "Email", { type: "email", required: true })}
            {check("emailVerified", "Email verified")}
            {text("phone", "Phone", { type: "tel", placeholder: "+41…" })}
            {check("phoneVerified", "Phone verified")}
          </>
        ) : (
          <>
            {text("name", "Name", { required: true })}
            {text("description", "Description")}
          </>
        )}
        <div className="row">
          <button type="submit" disabled={action.pending}>
            Save profile
          </button>
          {saved && <span role="status">Saved</span>}
        </div>
      </form>
    </Card>
  );
}
