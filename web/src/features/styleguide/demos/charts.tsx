import { useTranslation } from "react-i18next";
import { BarList } from "../../../components/charts/BarList";
import { TimeChart, type ChartSeries } from "../../../components/charts/TimeChart";
import { useDocumentDir } from "../../../components/charts/useDocumentDir";
import { Loading } from "../../../components/PageStates";
import { formatCompact, formatNumber } from "../../../lib/format";
import { Sample, Samples, useDemoSettings } from "./Sample";

const LABELS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"];
const wave = (base: number, swing: number) => LABELS.map((_, i) => Math.round(base + swing * Math.sin(i / 2) + i * 3));

/** Bars and stacked bars over time: the dashboards' revenue and jobs charts. */
export function BarChartDemo() {
  const { t } = useTranslation("styleguide");
  const rtl = useDemoSettings().dir === "rtl";
  const chart = (series: ChartSeries[]) => (
    <TimeChart
      kind="bar"
      title={t("demo.jobs")}
      labels={LABELS}
      series={series}
      format={formatNumber}
      axisFormat={formatCompact}
      rtl={rtl}
      height={200}
    />
  );
  return (
    <Samples>
      <Sample label={t("state.default")}>{chart([{ label: t("demo.done"), values: wave(40, 15), tone: "primary" }])}</Sample>
      <Sample label={t("state.stacked")}>
        {chart([
          { label: t("demo.done"), values: wave(30, 10), tone: "success" },
          { label: t("demo.failed"), values: wave(8, 4), tone: "error" },
        ])}
      </Sample>
      <Sample label={t("state.empty")}>{chart([{ label: t("demo.done"), values: LABELS.map(() => 0), tone: "primary" }])}</Sample>
      <Sample label={t("state.loading")}>
        <Loading />
      </Sample>
    </Samples>
  );
}

/** Lines over time and categories as bars: the analytics charts. */
export function LineChartDemo() {
  const { t } = useTranslation("styleguide");
  const rtl = useDemoSettings().dir === "rtl";
  const pageDir = useDocumentDir();
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <TimeChart
          kind="line"
          title={t("demo.signUps")}
          labels={LABELS}
          series={[
            { label: t("demo.clients"), values: wave(20, 8), tone: "primary" },
            { label: t("demo.payers"), values: wave(10, 5), tone: "secondary" },
          ]}
          format={formatNumber}
          axisFormat={formatCompact}
          rtl={rtl}
          height={200}
        />
      </Sample>
      <Sample label={t("demo.barList")}>
        <BarList
          label={t("demo.topSites")}
          items={[
            { key: 1, label: "Turnitin", value: 320, display: formatNumber(320), detail: "48%", tone: "primary" },
            { key: 2, label: "iThenticate", value: 210, display: formatNumber(210), detail: "31%", tone: "info" },
            { key: 3, label: "Copyleaks", value: 0, display: formatNumber(0), detail: "0%", tone: "accent" },
          ]}
        />
        <p className="text-xs text-base-content/70">{t("demo.pageDirection", { dir: pageDir })}</p>
      </Sample>
    </Samples>
  );
}
