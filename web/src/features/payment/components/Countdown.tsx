import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

function parts(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Time left until `until`, ticking every second; tells the parent once it runs out. */
export function Countdown({ until, onExpired }: { until: string; onExpired?: () => void }) {
  const { t } = useTranslation("payment");
  const [now, setNow] = useState(() => Date.now());
  const left = Date.parse(until) - now;
  useEffect(() => {
    if (left <= 0) {
      onExpired?.();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, onExpired]);
  if (left <= 0) return <span className="text-error">{t("expiredNow")}</span>;
  const { hours, minutes, seconds } = parts(left);
  return (
    <span className="font-mono text-lg" dir="ltr" role="timer" aria-label={t("timeLeft")}>
      {pad(hours)}:{pad(minutes)}:{pad(seconds)}
    </span>
  );
}
