import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useDialogSave } from "../../../components/useDialogSave";
import { updateUser, type UpdateUserAnswer, type UserForm } from "../api/updateUser";
import type { RoleOption, User } from "../types";

interface Props {
  /** The user to edit, or null to add one. */
  user: User | null;
  roles: RoleOption[];
  onClose: () => void;
  onSaved: (answer: UpdateUserAnswer, before: User | null) => void;
  onError: (message: string) => void;
}

const blank = (user: User | null): UserForm => ({
  userId: user?.userId ?? 0,
  userName: user?.userName ?? "",
  userEmail: user?.userEmail ?? "",
  userPhone: user?.userPhone ?? "",
  userPW: "",
  userRole: user?.userRole ?? "client",
  userIsActive: user?.userIsActive ?? true,
  userImageNew: null,
});

/** The add/edit drawer of the users page: multipart save with an avatar preview and upload progress. */
export function UserDrawer({ user, roles, onClose, onSaved, onError }: Props) {
  const { t } = useTranslation("users");
  const id = useId();
  const [form, setForm] = useState<UserForm>(() => blank(user));
  const [preview, setPreview] = useState<string | null>(user?.userImage ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  // The page adds the failure prefix to what onError is told (useUserSave.failed).
  const { fieldError, save } = useDialogSave({ onError, failedPrefix: "", failedDefault: t("saveFailedDefault") });
  const isNew = form.userId === 0;

  useEffect(() => {
    if (!form.userImageNew) return;
    const url = URL.createObjectURL(form.userImageNew);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [form.userImageNew]);

  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const labels: Record<string, string> = { userName: t("fieldName"), userEmail: t("fieldEmail"), userPW: t("fieldPassword") };
    const required: ("userName" | "userEmail" | "userPW")[] = isNew
      ? ["userName", "userEmail", "userPW"]
      : ["userName", "userEmail"];
    const missing = required.find((k) => !form[k].trim());
    // The bar shows from the start of the upload; it is gone once the save answered or failed.
    if (!missing) setProgress(0);
    await save(missing ? { field: missing, text: t("required", { field: labels[missing] }) } : null, async () =>
      onSaved(await updateUser(form, setProgress), user),
    );
    setProgress(null);
  }

  const errorFor = (field: string) =>
    fieldError?.field === field ? (
      <p id={`${id}-${field}-error`} className="text-sm text-error" role="alert">
        {fieldError.text}
      </p>
    ) : null;
  const input = (field: "userName" | "userEmail" | "userPhone" | "userPW", label: string, type = "text", hint?: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        name={field}
        type={type}
        className={`input w-full ${fieldError?.field === field ? "input-error" : ""}`}
        value={form[field]}
        onChange={(e) => set(field, e.target.value)}
        aria-invalid={fieldError?.field === field ? true : undefined}
        aria-describedby={fieldError?.field === field ? `${id}-${field}-error` : undefined}
        autoComplete={type === "password" ? "new-password" : "off"}
      />
      {hint && <p className="text-xs text-base-content/70">{hint}</p>}
      {errorFor(field)}
    </div>
  );

  return (
    <div className="fixed inset-0 z-50 flex justify-end" role="presentation">
      <button type="button" className="absolute inset-0 bg-base-content/30" aria-label={t("close")} onClick={onClose} />
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="relative flex h-full w-full max-w-md flex-col gap-4 overflow-y-auto bg-base-100 p-6 shadow-xl"
        onSubmit={submit}
        noValidate
      >
        <div className="flex items-center justify-between">
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            {isNew ? t("addUser") : t("editUser")}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose} aria-label={t("close")}>
            ✕
          </button>
        </div>
        <div className="flex items-center gap-4">
          <div className="avatar avatar-placeholder">
            <div className="w-16 rounded-full bg-base-300 text-base-content">
              {preview ? <img src={preview} alt={t("avatarPreview")} /> : <span>{form.userName.slice(0, 1).toUpperCase()}</span>}
            </div>
          </div>
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={`${id}-avatar`} className="text-sm font-medium">
              {t("fieldAvatar")}
            </label>
            <input
              id={`${id}-avatar`}
              name="userImageNew"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="file-input file-input-sm w-full"
              onChange={(e) => set("userImageNew", e.target.files?.[0] ?? null)}
            />
            <p className="text-xs text-base-content/70">{t("avatarHint")}</p>
            {errorFor("userImageNew")}
          </div>
        </div>
        {input("userName", t("fieldName"))}
        {input("userEmail", t("fieldEmail"), "email")}
        {input("userPhone", t("fieldPhone"), "tel")}
        {input("userPW", t("fieldPassword"), "password", isNew ? t("passwordHintNew") : t("passwordHintEdit"))}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-role`} className="text-sm font-medium">
            {t("fieldRole")}
          </label>
          <select
            id={`${id}-role`}
            name="userRole"
            className="select w-full"
            value={form.userRole}
            onChange={(e) => set("userRole", e.target.value)}
          >
            {(roles.length ? roles : [{ roleId: 0, roleName: form.userRole ?? "client" }]).map((role) => (
              <option key={role.roleId} value={role.roleName}>
                {role.roleName}
              </option>
            ))}
          </select>
          {errorFor("userRole")}
        </div>
        <label className="label cursor-pointer justify-start gap-3">
          <input
            type="checkbox"
            name="userIsActive"
            className="toggle toggle-primary"
            checked={form.userIsActive}
            onChange={(e) => set("userIsActive", e.target.checked)}
          />
          <span>{t("fieldActive")}</span>
        </label>
        {progress !== null && (
          <div className="flex flex-col gap-1">
            <progress className="progress progress-primary w-full" value={progress * 100} max={100} />
            <span className="text-xs">{t("uploading", { percent: Math.round(progress * 100) })}</span>
          </div>
        )}
        <div className="mt-auto flex justify-end gap-2">
          <button type="button" className="btn" onClick={onClose}>
            {t("cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={progress !== null}>
            {progress !== null && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("save")}
          </button>
        </div>
      </form>
    </div>
  );
}
