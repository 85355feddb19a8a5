import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../app/session";
import { AccountSettingsTabs } from "../../../components/AccountSettingsTabs";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { updateOwnProfile } from "../api/account";
import { AvatarPicker } from "../components/AvatarPicker";

type Values = { userName: string; userEmail: string; userPhone: string };

export default function AccountTabPage() {
  const { t } = useTranslation("account");
  const { userData, updateUserData } = useSession();
  const [avatar, setAvatar] = useState<File | null>(null);
  const initial = {
    userName: userData?.userName ?? "",
    userEmail: userData?.userEmail ?? "",
    userPhone: userData?.userPhone ?? "",
  };
  const form = useForm<Values>(initial, {
    userName: { label: t("fullName"), check: rules.required },
    userEmail: { label: t("email"), check: rules.email },
    userPhone: { label: t("phone") },
  });
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
    return answer.message;
  });

  return (
    <section className="flex flex-col gap-6">
      <AccountSettingsTabs current="account" />
      <form className="card bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
        <div className="card-body gap-6">
          <h1 className="card-title">{t("profileDetails")}</h1>
          <AvatarPicker current={userData.userImage} file={avatar} onFile={setAvatar} disabled={form.sending} />
          <FormError text={form.formError} />
          <div className="grid gap-4 md:grid-cols-2">
            <TextField form={form} name="userName" autoComplete="name" />
            <TextField form={form} name="userEmail" type="email" autoComplete="email" hint={t("emailHint")} />
            <TextField form={form} name="userPhone" type="tel" autoComplete="tel" />
          </div>
          <div className="card-actions">
            <SubmitButton sending={form.sending}>{t("common:save")}</SubmitButton>
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
