import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Icon } from "../../../components/Icon";

/** The deployment has no mail API: every mail waits in the outbox, unsent, until one is configured. */
export function MailOffNotice() {
  const { t } = useTranslation("dashboard");
  return (
    <div role="alert" className="alert alert-warning alert-soft flex flex-wrap items-start gap-3" data-testid="mail-off">
      <Icon name="mail" size={20} />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t("mailOff")}</p>
        <p className="text-sm">{t("mailOffHow")}</p>
      </div>
      <Link href="/apps/outbox" className="btn btn-sm">
        {t("mailOffLink")}
      </Link>
    </div>
  );
}
