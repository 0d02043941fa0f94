// Executions (issue 13, Actions): each condition with its list of targets; set one (create or
// replace: the API keys an execution by its condition), edit its targets, delete it.

import { type FormEvent, useState } from "react";
import { Card } from "../../components/Card";
import { Confirm } from "../../components/Confirm";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useChangeExecution } from "./api/change-executions";
import { useChoices, useExecutions } from "./api/list-executions";
import { useTargets } from "./api/list-targets";
import { ConditionEditor, type ConditionDraft, EMPTY_DRAFT, toCondition, toDraft } from "./ConditionEditor";
import { describeCondition, type Execution } from "./model";

/** `scope` names the instance in the table's caption ("the default instance" or its name). */
export function ExecutionsPanel({ scope }: { scope: string }) {
  const targets = useTargets();
  const executions = useExecutions();
  const choices = useChoices();
  const action = useChangeExecution();
  const [draft, setDraft] = useState<ConditionDraft>(EMPTY_DRAFT);
  const [chosen, setChosen] = useState<string[]>([]);
  const [includes, setIncludes] = useState<string[]>([]);
  const [editing, setEditing] = useState<string>();
  const [confirmDelete, setConfirmDelete] = useState<Execution>();
  const names = new Map((targets.data ?? []).map((t) => [t.id, t.name]));

  const edit = (x: Execution) => {
    setEditing(x.id);
    setDraft(toDraft(x.condition));
    setChosen(x.targets);
    setIncludes(x.includes);
  };
  const clear = () => {
    setEditing(undefined);
    setDraft(EMPTY_DRAFT);
    setChosen([]);
    setIncludes([]);
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    action.mutate({ kind: "put", condition: toCondition(draft), targets: chosen, includes }, { onSuccess: clear });
  };
  const remove = (x: Execution) => {
    setConfirmDelete(undefined);
    action.mutate({ kind: "delete", id: x.id });
  };
  const toggle = (id: string, on: boolean) => setChosen((old) => (on ? [...old, id] : old.filter((x) => x !== id)));

  return (
    <Card title="Executions">
      <ErrorBanner error={executions.error ?? choices.error ?? action.error} onDismiss={action.error ? action.reset : undefined} />
      {confirmDelete && (
        <Confirm
          question={`Delete the execution ${describeCondition(confirmDelete.condition)}?`}
          action="Delete"
          onConfirm={() => remove(confirmDelete)}
          onCancel={() => setConfirmDelete(undefined)}
        />
      )}
      <Table<Execution>
        caption={`Executions of ${scope}`}
        rows={executions.data ?? []}
        rowKey={(x) => x.id}
        empty="No executions yet."
        columns={[
          { id: "id", header: "Execution", cell: (x) => <code>{x.id}</code> },
          { id: "condition", header: "Condition", cell: (x) => describeCondition(x.condition) },
          { id: "targets", header: "Targets, in order", cell: (x) => x.targets.map((t) => names.get(t) ?? t).join(" → ") || "none" },
          { id: "includes", header: "Includes", cell: (x) => x.includes.join(", ") },
          {
            id: "actions",
            header: <span className="offscreen">Actions</span>,
            cell: (x) => (
              <span className="row">
                <button type="button" aria-label={`Edit ${x.id}`} onClick={() => edit(x)}>
                  Edit
                </button>
                <button type="button" aria-label={`Delete ${x.id}`} onClick={() => setConfirmDelete(x)}>
                  Delete
                </button>
              </span>
            ),
          },
        ]}
      />
      <form onSubmit={save} aria-labelledby="execution-form-title">
        <fieldset>
          <legend id="execution-form-title">{editing ? `Edit execution ${editing}` : "Set an execution"}</legend>
          <ConditionEditor draft={draft} onChange={setDraft} choices={choices.data ?? { methods: [], services: [], functions: [] }} />
          <fieldset>
            <legend>Targets (called in the order ticked)</legend>
            {(targets.data ?? []).length === 0 && <p className="muted">Create a target first.</p>}
            <ul className="plain">
              {(targets.data ?? []).map((t) => (
                <li key={t.id}>
                  <label>
                    <input type="checkbox" checked={chosen.includes(t.id)} onChange={(e) => toggle(t.id, e.target.checked)} /> {t.name}
                    {chosen.includes(t.id) && <span className="badge">{chosen.indexOf(t.id) + 1}</span>}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {includes.length > 0 && <p className="muted">Also includes: {includes.join(", ")} (kept as they are).</p>}
          <span className="row">
            <button type="submit" disabled={action.isPending || (!draft.value && draft.scope !== "all")}>
              Save execution
            </button>
            {editing && (
              <button type="button" onClick={clear}>
                Cancel
              </button>
            )}
          </span>
        </fieldset>
      </form>
    </Card>
  );
}
