import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api";
import { updateRole, type RoleInput } from "../api/updateRole";
import { ACTIONS, SUBJECTS, type Action, type Role, type Subject } from "../types";

interface Props {
  role: Role | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Create or edit a custom role: its name, description and CASL rules. */
export function RoleDialog({ role, onClose, onSaved }: Props) {
  const { t } = useTranslation("roles");
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<RoleInput>(() => ({
    roleId: role?.roleId ?? 0,
    roleName: role?.roleName ?? "",
    roleDesc: role?.roleDesc ?? "",
    rules: role?.rules.map(({ action, subject, inverted }) => ({ action, subject, inverted })) ?? [
      { action: "read", subject: "all", inverted: false },
    ],
  }));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
  }, []);

  const setRule = (index: number, patch: Partial<RoleInput["rules"][number]>) =>
    setForm((f) => ({ ...f, rules: f.rules.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.roleName.trim()) {
      setError(t("required", { field: t("name") }));
      return;
    }
    setSending(true);
    setError(null);
    try {
      onSaved((await updateRole(form)).message);
    } catch (err) {
      setError(t("saveFailed") + (err instanceof ApiError ? err.message : t("saveFailedDefault")));
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog ref={dialog} className="modal" onCancel={onClose} aria-labelledby={`${id}-title`}>
      <form className="modal-box flex max-w-2xl flex-col gap-3" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {role ? t("editRole") : t("addRole")}
        </h2>
        {error && (
          <div role="alert" className="alert alert-error alert-soft">
            {error}
          </div>
        )}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("name")}
          <input
            name="roleName"
            className="input w-full"
            value={form.roleName}
            onChange={(e) => setForm((f) => ({ ...f, roleName: e.target.value }))}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("description")}
          <input
            name="roleDesc"
            className="input w-full"
            value={form.roleDesc}
            onChange={(e) => setForm((f) => ({ ...f, roleDesc: e.target.value }))}
          />
        </label>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("rules")}</legend>
          {form.rules.map((rule, index) => (
            <div key={index} className="flex flex-wrap items-center gap-2">
              <select
                className="select select-sm w-32"
                aria-label={t("action")}
                value={rule.action}
                onChange={(e) => setRule(index, { action: e.target.value as Action })}
              >
                {ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
              <select
                className="select select-sm w-36"
                aria-label={t("subject")}
                value={rule.subject}
                onChange={(e) => setRule(index, { subject: e.target.value as Subject })}
              >
                {SUBJECTS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
              <label className="label cursor-pointer gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={rule.inverted}
                  onChange={(e) => setRule(index, { inverted: e.target.checked })}
                />
                {t("inverted")}
              </label>
              <button
                type="button"
                className="btn btn-ghost btn-xs text-error"
                disabled={form.rules.length === 1}
                onClick={() => setForm((f) => ({ ...f, rules: f.rules.filter((_, i) => i !== index) }))}
              >
                {t("removeRule")}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-sm self-start"
            onClick={() =>
              setForm((f) => ({ ...f, rules: [...f.rules, { action: "read", subject: "Portal", inverted: false }] }))
            }
          >
            {t("addRule")}
          </button>
        </fieldset>
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            {t("cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("save")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
