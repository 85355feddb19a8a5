import { useCopy } from "../../../components/CopyButton";
import { useTranslation } from "react-i18next";
import { codesCsv, download } from "./csv";

/** Clipboard "copied" flag duration (spec section 9). */

interface Props {
  codes: string[];
  quota: string;
  expires: string;
  onClose: () => void;
}

/** The codes just generated: shown once here, to copy or export as CSV. */
export function NewCodes({ codes, quota, expires, onClose }: Props) {
  const { t } = useTranslation("coupons");
  const { copied, copy: copyText } = useCopy();
  const copy = () => copyText(codes.join("\n"));

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="new-codes-title">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="new-codes-title" className="card-title">
            {t("newCodes", { n: codes.length })}
          </h2>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm" onClick={() => void copy()}>
              {copied ? t("copied") : t("copyAll")}
            </button>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => download(codesCsv(codes, quota, expires), `coupons-${expires}.csv`)}
            >
              {t("exportCsv")}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={onClose} aria-label={t("common:close")}>
              ✕
            </button>
          </div>
        </div>
        <ul
          className="grid max-h-64 gap-1 overflow-y-auto font-mono text-sm sm:grid-cols-2 lg:grid-cols-4"
          data-testid="new-codes"
        >
          {codes.map((code) => (
            <li key={code} className="rounded bg-base-200 px-2 py-1" dir="ltr">
              {code}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
