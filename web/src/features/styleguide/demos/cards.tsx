import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { BuyButtons } from "../../../components/BuyButtons";
import { BarList } from "../../../components/charts/BarList";
import { CopyButton } from "../../../components/CopyButton";
import { Icon } from "../../../components/Icon";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { RowActions } from "../../../components/RowActions";
import { Thumbnail } from "../../../components/Thumbnail";
import { formatNumber } from "../../../lib/format";
import { Sample, Samples } from "./Sample";

/** A card's title and text, as the shop and the admin pages write them. */
export function CardBasicDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <div className="card bg-base-100 shadow-sm">
          <div className="card-body">
            <h3 className="card-title">{t("demo.cardTitle")}</h3>
            <p className="text-sm">{t("demo.cardText")}</p>
          </div>
        </div>
      </Sample>
      <Sample label={t("demo.bordered")}>
        <div className="card card-border bg-base-100">
          <div className="card-body">
            <h3 className="card-title">{t("demo.cardTitle")}</h3>
            <p className="text-sm">{t("demo.cardText")}</p>
          </div>
        </div>
      </Sample>
    </Samples>
  );
}

/** Cards with actions: a shop card (add to cart, buy) and an admin card (edit, delete). */
export function CardActionsDemo() {
  const { t } = useTranslation("styleguide");
  const [pending, setPending] = useState<number | null>(null);
  const actions = { pending, addToCart: async () => undefined, buyNow: async (refId: number) => setPending(refId) };
  return (
    <Samples>
      <Sample label={pending === null ? t("demo.shopCard") : t("state.pending")}>
        <div className="card bg-base-100 shadow-sm">
          <Thumbnail src={null} name="Team 1" className="aspect-video w-full rounded-t-box" textClass="text-4xl" />
          <div className="card-body">
            <h3 className="card-title">Team 1</h3>
            <p className="text-sm">{t("demo.pointsValue", { value: formatNumber(300) })}</p>
            <div className="card-actions justify-end">
              <BuyButtons refId={1} actions={actions} addText={t("demo.addToCart")} buyText={t("demo.buy")} />
            </div>
          </div>
        </div>
      </Sample>
      <Sample label={t("demo.adminCard")}>
        <div className="card bg-base-100 shadow-sm">
          <div className="card-body">
            <div className="flex items-center justify-between gap-2">
              <h3 className="card-title">Campus 2</h3>
              <ActiveBadge active={false} />
            </div>
            <RowActions size="sm" onEdit={() => setPending(null)} onDelete={() => undefined} />
          </div>
        </div>
      </Sample>
    </Samples>
  );
}

/** A richer card: a person with an avatar, status and a reference to copy. */
export function CardAdvanceDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <div className="card bg-base-100 shadow-sm">
          <div className="card-body gap-3">
            <div className="flex items-center gap-3">
              <Thumbnail src={null} name="Ada Lovelace" className="h-12 w-12 rounded-full" />
              <div className="min-w-0 flex-1">
                <h3 className="truncate font-semibold">Ada Lovelace</h3>
                <p className="truncate text-sm text-base-content/70" dir="ltr">
                  ada@example.com
                </p>
              </div>
              <ActiveBadge active />
            </div>
            <div className="flex items-center justify-between rounded-box bg-base-200 px-3 py-2 text-sm">
              <code className="font-mono" translate="no">
                PAY-2026-0042
              </code>
              <CopyButton text="PAY-2026-0042" label={t("demo.copyReference")} />
            </div>
          </div>
        </div>
      </Sample>
      <Sample label={t("state.loading")}>
        <div className="card bg-base-100 shadow-sm">
          <Loading />
        </div>
      </Sample>
    </Samples>
  );
}

const STATS = [
  { key: "revenue", icon: "coins", value: "12 480 €", change: 12 },
  { key: "jobs", icon: "history", value: "1 204", change: -4 },
  { key: "clients", icon: "users", value: "318", change: 0 },
] as const;

/** Statistic cards: a figure, its icon and its change against the previous period. */
export function CardStatisticsDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      {STATS.map((stat) => (
        <Sample key={stat.key} label={t(`stat.${stat.key}`)}>
          <div className="card bg-base-100 shadow-sm">
            <div className="card-body flex-row items-center gap-4">
              <span className="rounded-box bg-primary/10 p-3 text-primary">
                <Icon name={stat.icon} />
              </span>
              <div>
                <p className="text-2xl font-semibold tabular-nums">{stat.value}</p>
                <p
                  className={`text-sm ${stat.change > 0 ? "text-success" : stat.change < 0 ? "text-error" : "text-base-content/70"}`}
                >
                  {t("demo.change", { value: stat.change > 0 ? `+${stat.change}` : String(stat.change) })}
                </p>
              </div>
            </div>
          </div>
        </Sample>
      ))}
    </Samples>
  );
}

/** Widget cards: a ranking as bars, and the same card empty and failed. */
export function CardWidgetsDemo() {
  const { t } = useTranslation("styleguide");
  const card = (body: ReactNode) => (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body">
        <h3 className="card-title text-base">{t("demo.topSites")}</h3>
        {body}
      </div>
    </div>
  );
  return (
    <Samples>
      <Sample label={t("state.default")}>
        {card(
          <BarList
            label={t("demo.topSites")}
            items={[
              { key: 1, label: "Turnitin", value: 320, display: formatNumber(320) },
              { key: 2, label: "iThenticate", value: 210, display: formatNumber(210), tone: "info" },
            ]}
          />,
        )}
      </Sample>
      <Sample label={t("state.empty")}>{card(<Empty text={t("demo.nothingYet")} />)}</Sample>
      <Sample label={t("state.error")} wide>
        {card(<ErrorState onRetry={() => undefined} />)}
      </Sample>
    </Samples>
  );
}
