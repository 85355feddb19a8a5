import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AccountSettingsTabs } from "../../../components/AccountSettingsTabs";
import { useConfirm } from "../../../components/ConfirmDialog";
import { Icon } from "../../../components/Icon";
import { LanguageSwitcher } from "../../../components/LanguageSwitcher";
import { ListCard, ListView } from "../../../components/ListPage";
import { Pager } from "../../../components/Pager";
import { Sample, Samples } from "./Sample";
import { useSampleList, type SampleRow } from "./sampleData";

/** The confirmation asked before anything is destroyed (useConfirm), in its two tones. */
export function DialogDemo() {
  const { t } = useTranslation("styleguide");
  const confirm = useConfirm();
  const [answer, setAnswer] = useState<boolean | null>(null);
  return (
    <Samples>
      <Sample label={t("state.destructive")}>
        <button type="button" className="btn btn-error btn-sm self-start" onClick={() => void confirm().then(setAnswer)}>
          {t("demo.delete")}
        </button>
      </Sample>
      <Sample label={t("state.primary")}>
        <button
          type="button"
          className="btn btn-primary btn-sm self-start"
          onClick={() =>
            void confirm({
              title: t("demo.sendTitle"),
              text: t("demo.sendText"),
              confirmText: t("demo.send"),
              tone: "primary",
            }).then(setAnswer)
          }
        >
          {t("demo.send")}
        </button>
      </Sample>
      <Sample label={t("state.answer")} wide>
        <p aria-live="polite">{answer === null ? "—" : answer ? t("demo.confirmed") : t("demo.declined")}</p>
      </Sample>
    </Samples>
  );
}

/** Expansion panels: `<details>` as the charts' figures use it, and daisyUI's collapse. */
export function ExpansionPanelDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("state.closed")}>
        <details className="collapse-arrow collapse border border-base-300 bg-base-100">
          <summary className="collapse-title font-medium">{t("demo.faqQuestion")}</summary>
          <div className="collapse-content text-sm">{t("demo.faqAnswer")}</div>
        </details>
      </Sample>
      <Sample label={t("state.open")}>
        <details open className="collapse-arrow collapse border border-base-300 bg-base-100">
          <summary className="collapse-title font-medium">{t("demo.faqQuestion")}</summary>
          <div className="collapse-content text-sm">{t("demo.faqAnswer")}</div>
        </details>
      </Sample>
    </Samples>
  );
}

function ProductCard({ row }: { row: SampleRow }) {
  const { t } = useTranslation("styleguide");
  return (
    <div className="card-body p-4">
      <h3 className="card-title text-base">{row.name}</h3>
      <p className="text-sm">{t("demo.pointsValue", { value: row.points })}</p>
    </div>
  );
}

/** A list as cards (ListView) and inside a card with a heading and search (ListCard). */
export function ListDemo() {
  const { t } = useTranslation("styleguide");
  const rows = useSampleList("rows", 3);
  const empty = useSampleList("empty");
  const failed = useSampleList("error");
  const card = (row: SampleRow) => <ProductCard row={row} />;
  const common = { rowKey: (row: SampleRow) => row.id, emptyText: t("demo.noProducts"), card };
  return (
    <Samples>
      <Sample label={t("state.default")} wide>
        <ListCard list={rows} heading={t("demo.products")} search={{ placeholder: t("demo.searchProducts") }} {...common} />
      </Sample>
      <Sample label={t("state.empty")}>
        <ListView list={empty} {...common} />
      </Sample>
      <Sample label={t("state.error")}>
        <ListView list={failed} {...common} />
      </Sample>
    </Samples>
  );
}

/** Menus: the language menu of the navbar, and a daisyUI dropdown of row actions. */
export function MenuDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("demo.languageMenu")}>
        <div className="pb-36">
          <LanguageSwitcher />
        </div>
      </Sample>
      <Sample label={t("demo.actionsMenu")}>
        <div className="dropdown">
          <button type="button" className="btn btn-sm gap-1">
            <Icon name="menu" size={16} />
            {t("demo.actions")}
          </button>
          <ul className="dropdown-content menu z-10 w-44 rounded-box bg-base-100 p-2 shadow-lg">
            <li>
              <button type="button">{t("demo.edit")}</button>
            </li>
            <li className="menu-disabled">
              <button type="button" disabled>
                {t("demo.archive")}
              </button>
            </li>
            <li>
              <button type="button" className="text-error">
                {t("demo.delete")}
              </button>
            </li>
          </ul>
        </div>
      </Sample>
    </Samples>
  );
}

/** The pager under a card grid: first, middle, last page, and a capped total ("100+"). */
export function PaginationDemo() {
  const { t } = useTranslation("styleguide");
  const [page, setPage] = useState(2);
  const pageOf = (current: number, pages: string) => t("demo.pageOf", { page: current, pages });
  return (
    <Samples>
      <Sample label={t("state.live")}>
        <Pager page={page} total={50} limit={10} onPage={setPage} label={t("demo.pages")} pageOf={pageOf} />
      </Sample>
      <Sample label={t("state.first")}>
        <Pager page={1} total={50} limit={10} onPage={() => undefined} label={t("demo.pages")} pageOf={pageOf} />
      </Sample>
      <Sample label={t("state.last")}>
        <Pager page={5} total={50} limit={10} onPage={() => undefined} label={t("demo.pages")} pageOf={pageOf} />
      </Sample>
      <Sample label={t("state.capped")}>
        <Pager page={3} total={100} totalCapped limit={10} onPage={() => undefined} label={t("demo.pages")} pageOf={pageOf} />
      </Sample>
    </Samples>
  );
}

/** Tabs: the account settings' tab bar (links; it scrolls sideways on a phone). */
export function TabsDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("demo.tabAccount")} wide>
        <AccountSettingsTabs current="account" />
      </Sample>
      <Sample label={t("demo.tabSecurity")} wide>
        <AccountSettingsTabs current="security" />
      </Sample>
    </Samples>
  );
}

const STEPS = ["created", "paid", "refunded"] as const;

/** A timeline: a payment's life as its details show it (daisyUI timeline, vertical). */
export function TimelineDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("state.default")} wide>
        <ul className="timeline timeline-vertical timeline-compact">
          {STEPS.map((step, index) => (
            <li key={step}>
              {index > 0 && <hr className="bg-primary" />}
              <div className="timeline-middle text-primary">
                <Icon name="check" size={18} />
              </div>
              <div className="timeline-end timeline-box">
                <p className="font-medium">{t(`timeline.${step}`)}</p>
                <p className="text-xs text-base-content/70">{`2026-11-${String(10 + index * 3)} 10:${index}5`}</p>
              </div>
              {index < STEPS.length - 1 && <hr className="bg-primary" />}
            </li>
          ))}
        </ul>
      </Sample>
    </Samples>
  );
}
