import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useAppSettings } from "../../../providers/settings";

export type AuthLook = "v1" | "v2";

// Loaded only where the settings turn the switcher on, so the /login first load stays as small.
const LanguageSwitcher = lazy(() => import("../../../components/LanguageSwitcher"));

/** The v2 pages are the same flows in a split-screen look; every other path uses v1. */
export function useAuthLook(): AuthLook {
  const [path] = useLocation();
  return path.endsWith("-v2") ? "v2" : "v1";
}

/** Where a sign-in page links to, keeping the look the user is on. */
export function authPath(page: "login" | "register" | "forgot-password" | "two-steps" | "verify-email", look: AuthLook) {
  if (look === "v2") return `/pages/authentication/${page}-v2`;
  if (page === "two-steps" || page === "verify-email") return `/pages/authentication/${page}-v1`;
  return `/${page}`;
}

/** The frame of the sign-in pages: a centred card (v1) or an illustrated split screen (v2). */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation("auth");
  const look = useAuthLook();
  const settings = useAppSettings();
  const brand = <p className="text-xl font-bold text-primary">{settings.siteName || t("common:appName")}</p>;
  const languages = settings.languageSwitcher && (
    <Suspense fallback={null}>
      <LanguageSwitcher />
    </Suspense>
  );
  const heading = (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {subtitle && <p className="text-base-content/70">{subtitle}</p>}
    </div>
  );
  if (look === "v2") {
    return (
      <main className="grid min-h-screen nav:grid-cols-[3fr_2fr]">
        <section className="hidden flex-col justify-between bg-primary/10 p-10 nav:flex" aria-hidden="true">
          {brand}
          <div className="flex flex-col gap-4">
            <p className="text-4xl leading-tight font-bold text-base-content">{t("tagline")}</p>
            <p className="max-w-md text-lg text-base-content/70">{t("taglineText")}</p>
          </div>
          <div className="flex gap-2">
            <span className="h-2 w-16 rounded-full bg-primary" />
            <span className="h-2 w-8 rounded-full bg-primary/40" />
            <span className="h-2 w-4 rounded-full bg-primary/20" />
          </div>
        </section>
        <section className="flex items-center justify-center bg-base-100 p-6 sm:p-12">
          <div className="flex w-full max-w-md flex-col gap-6">
            <div className="flex items-center justify-between gap-2">
              <div className="nav:hidden">{brand}</div>
              <div className="ms-auto">{languages}</div>
            </div>
            {heading}
            {children}
          </div>
        </section>
      </main>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body gap-5">
          <div className="flex items-center justify-between gap-2">
            {brand}
            {languages}
          </div>
          {heading}
          {children}
        </div>
      </div>
    </main>
  );
}
