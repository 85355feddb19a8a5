import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { DEFAULT_RANGE, RANGES, rangeOf, type Range } from "../api";

/** The chosen range, kept in the URL (?range=90) so a reload or a shared link shows the same period. */
export function useRange(fallback: Range = DEFAULT_RANGE): [Range, (range: Range) => void] {
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params, fallback);
  const set = (next: Range) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next === fallback) out.delete("range");
        else out.set("range", String(next));
        return out;
      },
      { replace: true },
    );
  return [range, set];
}

export function RangePicker({ value, onChange }: { value: Range; onChange: (range: Range) => void }) {
  const { t } = useTranslation("dashboard");
  return (
    <div className="join" role="group" aria-label={t("rangeLabel")}>
      {RANGES.map((range) => (
        <button
          key={range}
          type="button"
          className={`btn join-item btn-sm ${value === range ? "btn-primary" : "btn-ghost bg-base-100"}`}
          aria-pressed={value === range}
          onClick={() => onChange(range)}
        >
          {t(`range${range}`)}
        </button>
      ))}
    </div>
  );
}
