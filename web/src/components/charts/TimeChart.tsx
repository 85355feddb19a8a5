import { useId, useLayoutEffect, useRef, useState } from "react";
import { niceTicks } from "./niceTicks";

/**
 * A small SVG chart over time (bars, stacked, or lines). Plain SVG instead of a chart library: a few
 * kB, colours straight from the daisyUI tokens through Tailwind classes (`fill-primary`), so light,
 * dark and bordered themes apply without re-rendering, and the time axis runs right-to-left in RTL
 * while the text stays upright.
 */

export type Tone = "primary" | "success" | "error" | "warning" | "info" | "secondary" | "accent";

/** Literal class names per tone, so Tailwind generates them. */
export const TONES: Record<Tone, { fill: string; stroke: string; bg: string }> = {
  primary: { fill: "fill-primary", stroke: "stroke-primary", bg: "bg-primary" },
  success: { fill: "fill-success", stroke: "stroke-success", bg: "bg-success" },
  error: { fill: "fill-error", stroke: "stroke-error", bg: "bg-error" },
  warning: { fill: "fill-warning", stroke: "stroke-warning", bg: "bg-warning" },
  info: { fill: "fill-info", stroke: "stroke-info", bg: "bg-info" },
  secondary: { fill: "fill-secondary", stroke: "stroke-secondary", bg: "bg-secondary" },
  accent: { fill: "fill-accent", stroke: "stroke-accent", bg: "bg-accent" },
};

export interface ChartSeries {
  label: string;
  values: number[];
  tone: Tone;
}

export interface TimeChartProps {
  kind: "bar" | "line";
  title: string;
  labels: string[];
  series: ChartSeries[];
  /** Formats a value for tooltips. */
  format: (value: number) => string;
  /** Formats axis ticks (compact numbers). */
  axisFormat: (value: number) => string;
  rtl: boolean;
  height?: number;
}

const PAD = { top: 12, bottom: 26, axis: 52, edge: 8 };

/**
 * The element's width, followed as it changes (charts draw at real pixels, so text stays crisp). It is
 * read in a layout effect, before the browser paints, so no frame is ever drawn at the fallback width.
 */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measured = Math.round(element.getBoundingClientRect().width);
    if (measured > 0) setWidth(measured);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function TimeChart({ kind, title, labels, series, format, axisFormat, rtl, height = 220 }: TimeChartProps) {
  const [ref, width] = useWidth(640);
  const n = labels.length;
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + Math.max(0, s.values[i] ?? 0), 0));
  const peak = kind === "bar" ? Math.max(0, ...totals) : Math.max(0, ...series.flatMap((s) => s.values));
  const ticks = niceTicks(peak);
  const top = ticks[ticks.length - 1]!;
  const plotLeft = rtl ? PAD.edge : PAD.axis;
  const plotRight = rtl ? width - PAD.axis : width - PAD.edge;
  const plotWidth = Math.max(1, plotRight - plotLeft);
  const plotBottom = height - PAD.bottom;
  const band = plotWidth / Math.max(1, n);
  // Time runs in reading direction: left to right, or right to left in RTL.
  const bandStart = (i: number) => (rtl ? plotRight - (i + 1) * band : plotLeft + i * band);
  const y = (value: number) => plotBottom - (Math.max(0, value) / top) * (plotBottom - PAD.top);
  const labelEvery = Math.max(1, Math.ceil(n / Math.max(2, Math.floor(plotWidth / 72))));
  const titleId = useId();

  return (
    // The drawing is positioned out of the flow, so the box is as wide as its container allows and the
    // drawing follows it; in the flow, the drawing's own width would hold the box (and the page) wide.
    // The box clips, so a drawing never widens the page even while the width is being followed.
    <div ref={ref} className="relative w-full min-w-0 overflow-hidden" style={{ height }} dir="ltr">
      <svg width={width} height={height} role="img" aria-labelledby={titleId} className="absolute inset-y-0 start-0 block">
        <title id={titleId}>{title}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={plotLeft} x2={plotRight} y1={y(tick)} y2={y(tick)} className="stroke-base-300" strokeDasharray="3 3" />
            <text
              x={rtl ? plotRight + 6 : plotLeft - 6}
              y={y(tick)}
              dy="0.32em"
              textAnchor={rtl ? "start" : "end"}
              className="fill-base-content/70 text-[11px]"
            >
              {axisFormat(tick)}
            </text>
          </g>
        ))}
        {labels.map((label, i) =>
          i % labelEvery === 0 ? (
            <text
              key={label}
              x={bandStart(i) + band / 2}
              y={height - 8}
              textAnchor="middle"
              className="fill-base-content/70 text-[11px]"
            >
              {label}
            </text>
          ) : null,
        )}
        {kind === "bar" ? <Bars series={series} labels={labels} bandStart={bandStart} band={band} y={y} format={format} /> : null}
        {kind === "line" ? (
          <Lines series={series} labels={labels} bandStart={bandStart} band={band} y={y} format={format} />
        ) : null}
      </svg>
    </div>
  );
}

interface LayerProps {
  series: ChartSeries[];
  labels: string[];
  bandStart: (i: number) => number;
  band: number;
  y: (value: number) => number;
  format: (value: number) => string;
}

function Bars({ series, labels, bandStart, band, y, format }: LayerProps) {
  const gap = Math.min(8, band * 0.25);
  return (
    <g>
      {labels.map((label, i) => {
        let base = 0;
        return (
          <g key={label}>
            {series.map((s) => {
              const value = Math.max(0, s.values[i] ?? 0);
              const from = base;
              base += value;
              if (value === 0) return null;
              return (
                <rect
                  key={s.label}
                  x={bandStart(i) + gap / 2}
                  width={Math.max(1, band - gap)}
                  y={y(from + value)}
                  height={Math.max(1, y(from) - y(from + value))}
                  rx={Math.min(3, band / 6)}
                  className={TONES[s.tone].fill}
                  data-series={s.label}
                >
                  <title>{`${label} · ${s.label}: ${format(value)}`}</title>
                </rect>
              );
            })}
          </g>
        );
      })}
    </g>
  );
}

function Lines({ series, labels, bandStart, band, y, format }: LayerProps) {
  const x = (i: number) => bandStart(i) + band / 2;
  const showDots = labels.length <= 31;
  return (
    <g>
      {series.map((s) => {
        const points = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
        return (
          <g key={s.label} data-series={s.label}>
            <polyline
              points={points}
              fill="none"
              strokeWidth={2.5}
              strokeLinejoin="round"
              strokeLinecap="round"
              className={TONES[s.tone].stroke}
            />
            {showDots &&
              s.values.map((v, i) => (
                <circle key={labels[i]} cx={x(i)} cy={y(v)} r={3} className={`${TONES[s.tone].fill} stroke-base-100`}>
                  <title>{`${labels[i]} · ${s.label}: ${format(v)}`}</title>
                </circle>
              ))}
          </g>
        );
      })}
    </g>
  );
}
