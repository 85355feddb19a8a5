import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { SelectField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { api } from "../../../lib/api";
import { rules, useForm } from "../../../lib/form";
import { useSession } from "../../../providers/session";
import type { User } from "../types";

interface ViewAsForm {
  method: "password" | "code";
  password: string;
  code: string;
}

/**
 * Starts a read-only view as a client after a fresh proof of who the staff member is: their password,
 * or with two-factor on a code of their app (decision 0033). The page then loads as the client.
 */
export function ViewAsDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation("users");
  const { userData, signIn } = useSession();
  const withCode = userData?.twoFactorEnabled === true;
  const form = useForm<ViewAsForm>(
    { method: "password", password: "", code: "" },
    {
      method: { label: t("viewAs.method") },
      password: { label: t("viewAs.password"), check: (v, all) => (all.method === "password" ? rules.required(v) : undefined) },
      code: { label: t("viewAs.code"), check: (v, all) => (all.method === "code" ? rules.required(v) : undefined) },
    },
    { failure: { prefix: t("viewAs.failed"), fallback: t("saveFailedDefault") } },
  );

  async function send(values: ViewAsForm) {
    const proof = values.method === "password" ? { password: values.password } : { code: values.code.trim() };
    await api("view-as", { userId: user.userId, ...proof });
    // The client's data and rules before the full load, so nothing of the staff's shows meanwhile.
    signIn(await api("me"));
    window.location.assign("/");
  }

  return (
    <FormDialog
      title={t("viewAs.title", { name: user.userName })}
      form={form}
      onSend={send}
      onClose={onClose}
      submitText={t("viewAs.start")}
      autoComplete="off"
    >
      <p className="text-sm text-base-content/70">{t("viewAs.text")}</p>
      {withCode && (
        <SelectField form={form} name="method">
          <option value="password">{t("viewAs.withPassword")}</option>
          <option value="code">{t("viewAs.withCode")}</option>
        </SelectField>
      )}
      {form.values.method === "password" ? (
        <TextField form={form} name="password" type="password" autoComplete="current-password" />
      ) : (
        <TextField form={form} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={10} />
      )}
    </FormDialog>
  );
}
