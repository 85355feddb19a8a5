import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { DEFAULT_RANGE, RANGES, type Range } from "../api";

/** The chosen range, kept in the URL (?range=90) so a reload or a shared link shows the same period. */
export function useRange(): [Range, (range: Range) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("range"));
  const range = (RANGES as number[]).includes(raw) ? (raw as Range) : DEFAULT_RANGE;
  const set = (next: Range) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next === DEFAULT_RANGE) out.delete("range");
        else out.set("range", String(next));
        return out;
      },
      { replace: true },
    );
  return [range, set];
}

export function RangePicker({ value, onChange }: { value: Range; onChange: (range: Range) => void }) {
  const { t } = useTranslation("fleet");
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
