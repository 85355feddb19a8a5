import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AccountSettingsTabs } from "../../../components/AccountSettingsTabs";
import { PageHeader } from "../../../components/PageHeader";
import { ChangePasswordCard } from "../components/ChangePasswordCard";
import { PasskeysCard } from "../components/PasskeysCard";
import { SessionsCard } from "../components/SessionsCard";
import { TwoFactorCard } from "../components/TwoFactorCard";
import { ViewAsCard } from "../components/ViewAsCard";

export default function SecurityTabPage() {
  const { t } = useTranslation("account");
  // Bumped after a password change, which signs out the other sessions.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <section className="flex flex-col gap-6">
      <AccountSettingsTabs current="security" />
      <PageHeader title={t("securityTitle")} subtitle={t("securitySubtitle")} />
      <ChangePasswordCard onChanged={() => setSessionsVersion((v) => v + 1)} />
      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard reloadKey={sessionsVersion} />
      <ViewAsCard />
    </section>
  );
}
