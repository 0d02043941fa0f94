// Add a human (user name, profile, email, optional phone and password) or a machine user in the
// selected org (the instance's default org when none is selected) through the resource API.

import { type FormEvent, useState } from "react";
import { useAction } from "../../api/use-action";
import { ErrorBanner } from "../../components/ErrorBanner";
import { type NewUser, useAddUser } from "./api/add-user";

type Kind = NewUser["kind"];

export function AddUser({ orgId, onAdded }: { orgId: string | undefined; onAdded(id: string): void }) {
  const addUser = useAddUser(orgId);
  const action = useAction();
  const [kind, setKind] = useState<Kind>("human");
  const [f, setF] = useState({ username: "", givenName: "", familyName: "", email: "", phone: "", password: "", name: "", description: "" });
  const field = (key: keyof typeof f, label: string, props: Record<string, unknown> = {}) => (
    <label>
      {label} <input value={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.value })} {...props} />
    </label>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const user: NewUser =
      kind === "human"
        ? {
            kind,
            user: {
              username: f.username,
              profile: { givenName: f.givenName, familyName: f.familyName },
              email: { email: f.email, isVerified: true },
              ...(f.phone ? { phone: { phone: f.phone } } : {}),
              ...(f.password ? { password: f.password } : {}),
            },
          }
        : { kind, user: { username: f.username, name: f.name, description: f.description } };
    const made = await action.run(() => addUser.mutateAsync(user));
    if (made?.details?.id) onAdded(made.details.id);
  };
  return (
    <form className="user-form" onSubmit={submit} aria-label="Add user">
      <ErrorBanner error={action.error} onDismiss={action.clearError} />
      <fieldset>
        <legend>Type</legend>
        {(["human", "machine"] as const).map((k) => (
          <label key={k}>
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {k}
          </label>
        ))}
      </fieldset>
      {field("username", "User name", { required: true })}
      {kind === "human" ? (
        <>
          {field("givenName", "Given name", { required: true })}
          {field("familyName", "Family name", { required: true })}
          {field("email", "Email", { type: "email", required: true })}
          {field("phone", "Phone", { type: "tel", placeholder: "+41…" })}
          {field("password", "Password", { type: "password", autoComplete: "new-password" })}
        </>
      ) : (
        <>
          {field("name", "Name", { required: true })}
          {field("description", "Description")}
        </>
      )}
      <button type="submit" disabled={action.pending}>
        {action.pending ? "Creating…" : `Create ${kind}`}
      </button>
    </form>
  );
}
