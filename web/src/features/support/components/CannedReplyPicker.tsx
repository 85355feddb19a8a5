import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link } from "wouter";
import { CANNED_LANGUAGES, searchCannedReplies } from "../api";

interface Props {
  onInsert: (html: string) => void;
  disabled?: boolean;
}

/** Staff's canned replies as a menu beside the reply box: choosing one adds its text to the reply. */
export function CannedReplyPicker({ onInsert, disabled }: Props) {
  const { t } = useTranslation("support");
  const { data, error } = useSWR("search-canned-reply", searchCannedReplies);
  const replies = data?.cannedReplies ?? [];
  if (error) return <span className="text-sm text-error">{t("canned.loadFailed")}</span>;
  if (data && replies.length === 0) {
    return (
      <Link href="/apps/email/canned-replies" className="link text-sm">
        {t("canned.none")}
      </Link>
    );
  }
  return (
    <select
      className="select select-bordered select-sm max-w-full"
      aria-label={t("canned.insert")}
      value=""
      disabled={disabled || !data}
      onChange={(e) => {
        const chosen = replies.find((r) => String(r.cannedReplyId) === e.target.value);
        if (chosen) onInsert(chosen.body);
      }}
    >
      <option value="">{t("canned.insert")}</option>
      {CANNED_LANGUAGES.map((language) => {
        const ofLanguage = replies.filter((r) => r.language === language);
        return ofLanguage.length === 0 ? null : (
          <optgroup key={language} label={t(`canned.languages.${language}`)}>
            {ofLanguage.map((r) => (
              <option key={r.cannedReplyId} value={r.cannedReplyId}>
                {r.name}
              </option>
            ))}
          </optgroup>
        );
      })}
    </select>
  );
}
