import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { formatPercent } from "../../../lib/format";

/** A high similarity is the bad news: green below 20 %, amber below 50 %, red above. */
export function similarityTone(value: number): string {
  if (value < 20) return "text-success";
  if (value < 50) return "text-warning";
  return "text-error";
}

export function SimilarityGauge({ value }: { value: number | null }) {
  const { t } = useTranslation("history");
  if (value === null) return <span className="text-base-content/70">—</span>;
  const style = { "--value": value, "--size": "3rem", "--thickness": "4px" } as CSSProperties;
  return (
    <div
      className={`radial-progress text-xs font-semibold ${similarityTone(value)}`}
      style={style}
      role="progressbar"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={t("similarity")}
    >
      {formatPercent(value)}
    </div>
  );
}
