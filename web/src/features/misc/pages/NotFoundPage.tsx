import { useTranslation } from "react-i18next";
import { Link } from "wouter";

export default function NotFoundPage() {
  const { t } = useTranslation("misc");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-7xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">{t("notFoundTitle")}</h1>
      <p className="text-base-content/70">{t("notFoundText")}</p>
      <Link href="/" className="btn btn-primary">
        {t("backHome")}
      </Link>
    </main>
  );
}
