import { useTranslation } from "react-i18next";
import { Link } from "wouter";

export default function ComingSoonPage() {
  const { t } = useTranslation("misc");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-primary">{t("comingSoonBadge")}</p>
      <h1 className="text-2xl font-semibold">{t("comingSoonTitle")}</h1>
      <p className="max-w-md text-base-content/70">{t("comingSoonText")}</p>
      <Link href="/" className="btn btn-primary">
        {t("backHome")}
      </Link>
    </main>
  );
}
