import type { FaqEntry } from "../lib/help";

/** Questions as an accordion (daisyUI collapse); one open at a time, every one reachable by keyboard. */
export function FaqList({ entries, name }: { entries: FaqEntry[]; name: string }) {
  return (
    <div className="flex flex-col gap-3">
      {entries.map((entry, index) => (
        <details
          key={entry.q}
          name={name}
          className="collapse collapse-arrow border border-base-300 bg-base-100"
          open={index === 0}
        >
          <summary className="collapse-title font-semibold">{entry.q}</summary>
          <div className="collapse-content text-base-content/80">
            <p>{entry.a}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
