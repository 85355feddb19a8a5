import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { afterLoginTarget, homeFor } from "../../../app/guard";
import { useSession } from "../../../app/session";
import { ApiError } from "../../../lib/api";
import { login } from "../api/login";

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const { signIn } = useSession();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const answer = await login({ email, password, rememberMe });
      if ("twoFactorRequired" in answer) {
        const query = new URLSearchParams(search);
        query.set("challenge", answer.challenge);
        navigate(`/pages/authentication/two-steps-v1?${query.toString()}`);
        return;
      }
      signIn(answer);
      navigate(afterLoginTarget(search, homeFor(answer.userData.role)), { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t("loginFailed"));
    } finally {
      setSending(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-4">
      <form className="card w-full max-w-md bg-base-100 shadow-xl" onSubmit={submit} noValidate>
        <div className="card-body gap-4">
          <h1 className="card-title text-2xl">{t("welcome")}</h1>
          <p className="text-base-content/70">{t("signInPrompt")}</p>
          {error && (
            <div role="alert" className="alert alert-error alert-soft">
              {error}
            </div>
          )}
          <label className="floating-label">
            <span>{t("email")}</span>
            <input
              className="input w-full"
              type="email"
              name="email"
              autoComplete="username"
              placeholder={t("email")}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </label>
          <label className="floating-label">
            <span>{t("password")}</span>
            <input
              className="input w-full"
              type="password"
              name="password"
              autoComplete="current-password"
              placeholder={t("password")}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </label>
          <label className="label cursor-pointer gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={rememberMe}
              onChange={(e) => setRememberMe(e.target.checked)}
            />
            <span>{t("rememberMe")}</span>
          </label>
          <button type="submit" className="btn btn-primary" disabled={sending || !email || !password}>
            {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("signIn")}
          </button>
        </div>
      </form>
    </main>
  );
}
