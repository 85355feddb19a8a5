import { useTranslation } from "react-i18next";

export function StatusFilter(props: { value: string; onChange: (status: string) => void }) {
  const { t } = useTranslation("history");
  return (
    <select
      className="select w-full"
      aria-label={t("filterStatus")}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    >
      <option value="">{t("anyStatus")}</option>
      <option value="0">{t("status.queued")}</option>
      <option value="1">{t("status.done")}</option>
      <option value="2">{t("status.failed")}</option>
    </select>
  );
}
