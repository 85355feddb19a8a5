import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import { AccountSettingsTabs } from "../../../components/AccountSettingsTabs";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { ADDRESS_FIELDS, ADDRESS_INPUTS, type AddressField } from "../../../lib/address";
import { rules, useForm } from "../../../lib/form";
import { updateOwnProfile } from "../api";
import { AvatarPicker } from "../components/AvatarPicker";
import { CloseAccountCard, ExportDataCard } from "../components/MyDataCards";

type Values = { userName: string; userEmail: string; userPhone: string } & Record<AddressField, string>;

export default function AccountTabPage() {
  const { t } = useTranslation("account");
  const { userData, updateUserData } = useSession();
  const [avatar, setAvatar] = useState<File | null>(null);
  const initial = {
    userName: userData?.userName ?? "",
    userEmail: userData?.userEmail ?? "",
    userPhone: userData?.userPhone ?? "",
    // A session stored before addresses existed has none: blank, and only changed fields are sent.
    ...(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, userData?.[field] ?? ""])) as Record<AddressField, string>),
  };
  const form = useForm<Values>(
    initial,
    {
      userName: { label: t("fullName"), check: rules.required },
      userEmail: { label: t("email"), check: rules.email },
      userPhone: { label: t("phone") },
      userAddressLine1: { label: t("addressLine1") },
      userAddressLine2: { label: t("addressLine2") },
      userCity: { label: t("addressCity") },
      userPostalCode: { label: t("addressPostalCode") },
      userCountry: { label: t("addressCountry") },
    },
    // The form-level error sits above the fields, off a phone's screen when Save is pressed: a snackbar too.
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );
  if (!userData) return null;

  const onSubmit = form.submit(async (values) => {
    // Address fields left out keep their stored values; a blank one clears it.
    const address = Object.fromEntries(
      ADDRESS_FIELDS.filter((field) => values[field].trim() !== initial[field]).map((field) => [field, values[field].trim()]),
    );
    const answer = await updateOwnProfile({
      ...address,
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
      ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, answer.user[field]])),
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
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-4 font-semibold">{t("address")}</legend>
            <div className="grid gap-4 md:grid-cols-2">
              {ADDRESS_FIELDS.map((field) => (
                <TextField key={field} form={form} name={field} dir="auto" {...ADDRESS_INPUTS[field]} />
              ))}
            </div>
          </fieldset>
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
      <ExportDataCard />
      <CloseAccountCard />
    </section>
  );
}
