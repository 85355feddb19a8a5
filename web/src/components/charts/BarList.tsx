import { TONES, type Tone } from "./TimeChart";

export interface BarListItem {
  key: string | number;
  label: string;
  value: number;
  /** The value as shown (money, points…). */
  display: string;
  detail?: string;
  tone?: Tone;
}

/** Categories as labelled horizontal bars; bars grow from the inline start, so RTL needs nothing. */
export function BarList({ items, label }: { items: BarListItem[]; label: string }) {
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <ul className="flex flex-col gap-3" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="flex min-w-0 flex-col gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="truncate" title={item.label}>
              {item.label}
            </span>
            <span className="flex shrink-0 items-baseline gap-2 tabular-nums">
              <span className="font-medium">{item.display}</span>
              {item.detail && <span className="text-xs text-base-content/70">{item.detail}</span>}
            </span>
          </div>
          <div className="h-2 rounded-full bg-base-200" aria-hidden="true">
            <div
              className={`h-2 rounded-full ${TONES[item.tone ?? "primary"].bg}`}
              style={{ width: `${Math.max(item.value > 0 ? 2 : 0, (item.value / max) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
