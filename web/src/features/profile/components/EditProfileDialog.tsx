import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { UserData } from "../../../app/session";
import { ApiError, type CallAnswer } from "../../../lib/api";
import { updateProfile, type ProfileForm } from "../api/updateProfile";

interface Props {
  user: UserData;
  onClose: () => void;
  onSaved: (answer: CallAnswer<"updateuser">) => void;
}

/** The user-info edit dialog: name, email, phone and avatar of the signed-in user. */
export function EditProfileDialog({ user, onClose, onSaved }: Props) {
  const { t } = useTranslation("profile");
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<ProfileForm>({
    userId: user.userId,
    userName: user.userName,
    userEmail: user.userEmail,
    userPhone: user.userPhone ?? "",
    userImageNew: null,
  });
  const [preview, setPreview] = useState<string | null>(user.userImage);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
  }, []);

  useEffect(() => {
    if (!form.userImageNew) return;
    const url = URL.createObjectURL(form.userImageNew);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [form.userImageNew]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = !form.userName.trim() ? t("name") : !form.userEmail.trim() ? t("email") : null;
    if (missing) {
      setError(t("required", { field: missing }));
      return;
    }
    setError(null);
    setProgress(0);
    try {
      onSaved(await updateProfile(form, setProgress));
    } catch (err) {
      setError(t("saveFailed") + (err instanceof ApiError ? err.message : t("saveFailedDefault")));
    } finally {
      setProgress(null);
    }
  }

  const field = (key: "userName" | "userEmail" | "userPhone", label: string, type: string) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        name={key}
        type={type}
        className="input w-full"
        value={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      />
    </label>
  );

  return (
    <dialog ref={dialog} className="modal" onCancel={onClose} aria-labelledby={`${id}-title`}>
      <form className="modal-box flex flex-col gap-3" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {t("editInfo")}
        </h2>
        {error && (
          <div role="alert" className="alert alert-error alert-soft">
            {error}
          </div>
        )}
        <div className="flex items-center gap-3">
          <div className="avatar avatar-placeholder">
            <div className="w-16 rounded-full bg-base-300">
              {preview ? <img src={preview} alt={t("avatarPreview")} /> : <span>{form.userName.slice(0, 1)}</span>}
            </div>
          </div>
          <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
            {t("avatar")}
            <input
              type="file"
              name="userImageNew"
              accept="image/png,image/jpeg,image/webp"
              className="file-input file-input-sm w-full"
              onChange={(e) => setForm((f) => ({ ...f, userImageNew: e.target.files?.[0] ?? null }))}
            />
          </label>
        </div>
        {field("userName", t("name"), "text")}
        {field("userEmail", t("email"), "email")}
        {field("userPhone", t("phone"), "tel")}
        {progress !== null && <progress className="progress progress-primary w-full" value={progress * 100} max={100} />}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            {t("cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={progress !== null}>
            {t("save")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
