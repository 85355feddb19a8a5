import { useState } from "react";
import { AccountSettingsTabs } from "../../../components/AccountSettingsTabs";
import { ChangePasswordCard } from "../components/ChangePasswordCard";
import { SessionsCard } from "../components/SessionsCard";
import { TwoFactorCard } from "../components/TwoFactorCard";

export default function SecurityTabPage() {
  // Bumped after a password change, which signs out the other sessions.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <section className="flex flex-col gap-6">
      <AccountSettingsTabs current="security" />
      <ChangePasswordCard onChanged={() => setSessionsVersion((v) => v + 1)} />
      <TwoFactorCard />
      <SessionsCard reloadKey={sessionsVersion} />
    </section>
  );
}
