import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../app/session";
import { AccountSettingsTabs } from "../../../components/AccountSettingsTabs";
import { FormError, TextField } from "../../../components/FormField";
import { useSnackbar } from "../../../components/Snackbar";
import { rules, useForm } from "../../../lib/form";
import { updateOwnProfile } from "../api/account";
import { AvatarPicker } from "../components/AvatarPicker";

type Values = { userName: string; userEmail: string; userPhone: string };
const validate = (v: Values) => ({ userName: rules.required(v.userName), userEmail: rules.email(v.userEmail) });

export default function AccountTabPage() {
  const { t } = useTranslation("account");
  const { userData, updateUserData } = useSession();
  const snackbar = useSnackbar();
  const [avatar, setAvatar] = useState<File | null>(null);
  const initial = {
    userName: userData?.userName ?? "",
    userEmail: userData?.userEmail ?? "",
    userPhone: userData?.userPhone ?? "",
  };
  const form = useForm<Values>(initial, validate);
  if (!userData) return null;

  const onSubmit = form.submit(async (values) => {
    const answer = await updateOwnProfile({
      userId: userData.userId,
      userName: values.userName.trim(),
      userEmail: values.userEmail.trim(),
      userPhone: values.userPhone.trim(),
      userImageNew: avatar,
    });
    // The navbar reads userData: the new name and avatar show at once.
    updateUserData({
      userName: answer.user.userName,
      userEmail: answer.user.userEmail,
      userPhone: answer.user.userPhone,
      userImage: answer.newImage ?? answer.user.userImage,
      emailVerified: answer.user.emailVerified,
    });
    setAvatar(null);
    snackbar.success(answer.message);
  });

  return (
    <section>
      <AccountSettingsTabs current="account" />
      <form className="card bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
        <div className="card-body gap-6">
          <h1 className="card-title">{t("profileDetails")}</h1>
          <AvatarPicker current={userData.userImage} file={avatar} onFile={setAvatar} disabled={form.sending} />
          <FormError text={form.formError} />
          <div className="grid gap-4 md:grid-cols-2">
            <TextField form={form} name="userName" label={t("fullName")} autoComplete="name" />
            <TextField form={form} name="userEmail" type="email" label={t("email")} autoComplete="email" hint={t("emailHint")} />
            <TextField form={form} name="userPhone" type="tel" label={t("phone")} autoComplete="tel" />
          </div>
          <div className="card-actions">
            <button type="submit" className="btn btn-primary" disabled={form.sending}>
              {form.sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t("common:save")}
            </button>
            <button
              type="button"
              className="btn"
              disabled={form.sending}
              onClick={() => {
                form.reset(initial);
                setAvatar(null);
              }}
            >
              {t("resetForm")}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
