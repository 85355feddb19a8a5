import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Icon } from "../../../components/Icon";
import { COUNTED, FOLDERS, LABELS, type Ticket, type TicketFolder, type TicketLabel } from "../api";

const FOLDER_ICON: Record<TicketFolder, string> = {
  inbox: "mail",
  sent: "send",
  draft: "file",
  starred: "star",
  spam: "alert",
  trash: "trash",
};

interface Props {
  folder: TicketFolder;
  label?: TicketLabel | undefined;
  unread: Partial<Record<TicketFolder, number>>;
  onCompose: () => void;
  /** Staff also get the canned replies' page. */
  staff?: boolean;
}

export const LABEL_TONE: Record<Ticket["label"], string> = {
  payment: "bg-success",
  job: "bg-info",
  account: "bg-warning",
  other: "bg-neutral",
};

/** Folders with their unread counts, then labels: a column beside the list, a scrolling row on a phone. */
export function Sidebar({ folder, label, unread, onCompose, staff = false }: Props) {
  const { t } = useTranslation("support");
  const item = (active: boolean) =>
    `flex shrink-0 items-center gap-2 rounded-btn px-3 py-2 text-sm ${active ? "bg-primary/10 font-semibold text-primary" : "hover:bg-base-200"}`;
  return (
    <nav className="flex shrink-0 flex-col gap-2 border-base-300 p-3 md:w-56 md:border-e" aria-label={t("folders.title")}>
      <button type="button" className="btn btn-primary btn-sm md:btn-md" onClick={onCompose}>
        {t("compose")}
      </button>
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {FOLDERS.map((f) => {
          const count = COUNTED.has(f) ? (unread[f] ?? 0) : 0;
          return (
            <li key={f}>
              <Link
                href={`/apps/email/${f}`}
                className={item(f === folder && !label)}
                aria-current={f === folder && !label ? "page" : undefined}
              >
                <Icon name={FOLDER_ICON[f]} size={16} aria-hidden="true" />
                <span className="flex-1">{t(`folders.${f}`)}</span>
                {count > 0 && (
                  <span className="badge badge-primary badge-sm" aria-label={t("unreadCount", { n: count })}>
                    {count}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
      <h3 className="mt-2 hidden px-3 text-xs font-semibold uppercase text-base-content/70 md:block">{t("labels.title")}</h3>
      <ul className="flex gap-1 overflow-x-auto md:flex-col" aria-label={t("labels.title")}>
        {LABELS.map((l) => (
          <li key={l}>
            <Link href={`/apps/email/label/${l}`} className={item(l === label)} aria-current={l === label ? "page" : undefined}>
              <span className={`size-2.5 rounded-full ${LABEL_TONE[l]}`} aria-hidden="true" />
              <span>{t(`labels.${l}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      {staff && (
        <Link href="/apps/email/canned-replies" className={`${item(false)} md:mt-2`}>
          <Icon name="message" size={16} aria-hidden="true" />
          <span>{t("canned.title")}</span>
        </Link>
      )}
    </nav>
  );
}
