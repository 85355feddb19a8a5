import { useTranslation } from "react-i18next";
import type { UserData } from "../../../providers/session";
import type { CallAnswer } from "../../../lib/api";
import { FormDialog } from "../../../components/FormDialog";
import { TextField } from "../../../components/FormField";
import { ImageField } from "../../../components/ImageField";
import { UploadProgress, useUpload } from "../../../components/UploadProgress";
import { rules, useForm } from "../../../lib/form";
import { updateProfile, type ProfileForm } from "../api";

interface Props {
  user: UserData;
  onClose: () => void;
  /** After a save (the form shows the server's message): the user as saved. */
  onSaved: (user: CallAnswer<"updateuser">["user"]) => void;
}

/** The user-info edit dialog: name, email, phone and avatar of the signed-in user. */
export function EditProfileDialog({ user, onClose, onSaved }: Props) {
  const { t } = useTranslation("profile");
  const upload = useUpload();
  const form = useForm<ProfileForm>(
    {
      userId: user.userId,
      userName: user.userName,
      userEmail: user.userEmail,
      userPhone: user.userPhone ?? "",
      userImageNew: null,
    },
    {
      userName: { label: t("name"), check: rules.required },
      userEmail: { label: t("email"), check: rules.email },
      userPhone: { label: t("phone") },
      userImageNew: { label: t("avatar") },
    },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );

  async function send(values: ProfileForm) {
    const answer = await upload.run((onProgress) => updateProfile(values, onProgress));
    onSaved(answer.user);
    return answer.message;
  }

  return (
    <FormDialog title={t("editInfo")} form={form} onSend={send} onClose={onClose}>
      <ImageField
        form={form}
        name="userImageNew"
        hint={t("avatarHint")}
        previewAlt={t("avatarPreview")}
        current={user.userImage}
      />
      <TextField form={form} name="userName" autoComplete="name" />
      <TextField form={form} name="userEmail" type="email" autoComplete="email" dir="ltr" />
      <TextField form={form} name="userPhone" type="tel" autoComplete="tel" />
      <UploadProgress progress={upload.progress} label={t("uploading")} />
    </FormDialog>
  );
}
