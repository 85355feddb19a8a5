import { useSearchParams } from "wouter";

/** The chosen range among `ranges`, kept in the URL (?range=90) so a reload or a shared link shows the same period. */
export function useRange<R extends number>(ranges: readonly R[], fallback: R): [R, (range: R) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("range"));
  const range = (ranges as readonly number[]).includes(raw) ? (raw as R) : fallback;
  const set = (next: R) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next === fallback) out.delete("range");
        else out.set("range", String(next));
        return out;
      },
      { replace: true },
    );
  return [range, set];
}

/** A dashboard's period: one pressed button of a group, each named by `name` (its words are the caller's). */
export function RangePicker<R extends number>({
  ranges,
  value,
  onChange,
  label,
  name,
}: {
  ranges: readonly R[];
  value: R;
  onChange: (range: R) => void;
  /** The group's accessible name ("Period"). */
  label: string;
  name: (range: R) => string;
}) {
  return (
    <div className="join" role="group" aria-label={label}>
      {ranges.map((range) => (
        <button
          key={range}
          type="button"
          className={`btn join-item btn-sm ${value === range ? "btn-primary" : "btn-ghost bg-base-100"}`}
          aria-pressed={value === range}
          onClick={() => onChange(range)}
        >
          {name(range)}
        </button>
      ))}
    </div>
  );
}
