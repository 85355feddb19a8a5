import { useTranslation } from "react-i18next";

interface Props {
  active: boolean;
  /** Texts for features that word the two states their own way (say, "In use"); common ones otherwise. */
  activeText?: string;
  inactiveText?: string;
}

/** The status badge of the admin lists: green when active, muted when not. */
export function ActiveBadge({ active, activeText, inactiveText }: Props) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-soft ${active ? "badge-success" : "badge-ghost"}`}>
      {active ? (activeText ?? t("active")) : (inactiveText ?? t("inactive"))}
    </span>
  );
}
