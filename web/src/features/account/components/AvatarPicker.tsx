import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AVATAR_MAX_BYTES } from "../api";

const TYPES = ["image/png", "image/jpeg", "image/webp"];

/** Picks a new avatar and previews it before saving; refuses other file types and files over 2 MB. */
export function AvatarPicker({
  current,
  file,
  onFile,
  disabled,
}: {
  current: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("account");
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? current;
  return (
    <div className="flex flex-wrap items-center gap-6">
      {shown ? (
        <img src={shown} alt={t("avatarAlt")} className="h-24 w-24 rounded-box object-cover" data-testid="avatar-preview" />
      ) : (
        <div className="flex h-24 w-24 items-center justify-center rounded-box bg-base-200 text-base-content/70">
          {t("noAvatar")}
        </div>
      )}
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <label htmlFor={id} className={`btn btn-primary btn-sm ${disabled ? "btn-disabled" : ""}`}>
            {t("uploadAvatar")}
          </label>
          <input
            id={id}
            type="file"
            accept={TYPES.join(",")}
            className="sr-only"
            disabled={disabled}
            onChange={(event) => {
              const picked = event.target.files?.[0] ?? null;
              event.target.value = "";
              if (!picked) return;
              if (!TYPES.includes(picked.type)) return setProblem(t("avatarType"));
              if (picked.size > AVATAR_MAX_BYTES) return setProblem(t("avatarSize"));
              setProblem(null);
              onFile(picked);
            }}
          />
          {file && (
            <button type="button" className="btn btn-sm" onClick={() => onFile(null)} disabled={disabled}>
              {t("undoAvatar")}
            </button>
          )}
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-error">
            {problem}
          </p>
        ) : (
          <p className="text-xs text-base-content/70">{t("avatarHint")}</p>
        )}
      </div>
    </div>
  );
}
