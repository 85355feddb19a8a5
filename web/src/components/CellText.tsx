/**
 * A table cell's free text (a name, an email, a subject, a file name), which may be one long word: on wide
 * screens one line cut with "…" at 16rem, so it cannot widen its column and push the row's last columns
 * out of the table; on phones, where a row is a card, it wraps. The whole text is its title (on hover) and
 * stays whole on the row's own page.
 */
export const CELL_TEXT = "block max-w-full truncate sm:max-w-64 max-sm:whitespace-normal max-sm:wrap-anywhere";
/** The same at 9rem, for a table of many columns (the job history's file, client and site). */
export const NARROW_CELL_TEXT = "block max-w-full truncate sm:max-w-36 max-sm:whitespace-normal max-sm:wrap-anywhere";

export function CellText({ text, className = "", narrow = false }: { text: string; className?: string; narrow?: boolean }) {
  return (
    <span className={`${narrow ? NARROW_CELL_TEXT : CELL_TEXT} ${className}`} title={text} dir="auto">
      {text}
    </span>
  );
}
