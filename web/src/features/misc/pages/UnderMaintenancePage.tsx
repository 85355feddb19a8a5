import { useTranslation } from "react-i18next";
import { Link } from "wouter";

export default function UnderMaintenancePage() {
  const { t } = useTranslation("misc");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-warning" aria-hidden="true">
        ⚙
      </p>
      <h1 className="text-2xl font-semibold">{t("maintenanceTitle")}</h1>
      <p className="max-w-md text-base-content/70">{t("maintenanceText")}</p>
      <Link href="/" className="btn btn-primary">
        {t("backHome")}
      </Link>
    </main>
  );
}
