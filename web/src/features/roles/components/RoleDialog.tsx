import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { GroupError, TextField } from "../../../components/FormField";
import { rules as formRules, useForm } from "../../../lib/form";
import { updateRole, type RoleInput } from "../api";
import { ACTIONS, SUBJECTS, subjectNameKey, type Role } from "../types";

interface Props {
  role: Role | null;
  onClose: () => void;
  /** After a save (the form shows the server's message): close and reload. */
  onSaved: () => void;
}

type Rule = RoleInput["rules"][number];

/** A rule's two drop-downs: its action and its subject. */
const PARTS = [
  { part: "action", choices: ACTIONS, width: "w-32" },
  { part: "subject", choices: SUBJECTS, width: "w-36" },
] as const;

/** Create or edit a custom role: its name, description and CASL rules. */
export function RoleDialog({ role, onClose, onSaved }: Props) {
  const { t } = useTranslation("roles");
  const form = useForm<RoleInput>(
    {
      roleId: role?.roleId ?? 0,
      roleName: role?.roleName ?? "",
      roleDesc: role?.roleDesc ?? "",
      rules: role?.rules.map(({ action, subject, inverted }) => ({ action, subject, inverted })) ?? [
        { action: "read", subject: "all", inverted: false },
      ],
    },
    {
      roleName: { label: t("name"), check: formRules.required },
      roleDesc: { label: t("description") },
      rules: { label: t("rules") },
    },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );
  const rules = form.values.rules;
  const setRules = (next: Rule[]) => form.set("rules", next);
  const setRule = (index: number, patch: Partial<Rule>) => setRules(rules.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  async function send(values: RoleInput) {
    const answer = await updateRole(values);
    onSaved();
    return answer.message;
  }

  return (
    <FormDialog title={role ? t("editRole") : t("addRole")} form={form} onSend={send} onClose={onClose} className="max-w-2xl">
      <TextField form={form} name="roleName" />
      <TextField form={form} name="roleDesc" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{form.labelOf("rules")}</legend>
        <GroupError form={form} name="rules" />
        {rules.map((rule, index) => (
          <div key={index} className="flex flex-wrap items-center gap-2">
            {PARTS.map(({ part, choices, width }) => (
              <select
                key={part}
                className={`select select-sm ${width}`}
                aria-label={t(part)}
                value={rule[part]}
                onChange={(e) => setRule(index, { [part]: e.target.value })}
              >
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(part === "subject" ? subjectNameKey(choice) : `actionName.${choice}`)}
                  </option>
                ))}
              </select>
            ))}
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
              disabled={rules.length === 1}
              onClick={() => setRules(rules.filter((_, i) => i !== index))}
            >
              {t("removeRule")}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-sm self-start"
          onClick={() => setRules([...rules, { action: "read", subject: "Portal", inverted: false }])}
        >
          {t("addRule")}
        </button>
      </fieldset>
    </FormDialog>
  );
}
