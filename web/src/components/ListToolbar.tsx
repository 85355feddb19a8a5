import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Typing waits this long before the search is applied (the URL, and so the list, changes once). */
export const SEARCH_DELAY_MS = 300;

export interface ToolbarOption {
  value: string;
  label: string;
}

export interface ToolbarFilter {
  /** The select's accessible name, in the caller's words. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ToolbarOption[];
  /** The first, empty choice ("Any status"); left out where a value must be chosen (a sort order). */
  anyLabel?: string;
  disabled?: boolean;
}

export interface ToolbarSearch {
  /** The search in force (from the URL); the box follows it when it changes elsewhere (back button). */
  value: string;
  /** Called once typing pauses for SEARCH_DELAY_MS. */
  onSearch: (search: string) => void;
  placeholder: string;
  /** The box's accessible name; the placeholder when left out. */
  label?: string;
}

interface ListToolbarProps {
  search?: ToolbarSearch;
  filters?: ToolbarFilter[];
  /**
   * "card": a padded grid at the top of a list card; "plain": the same grid without padding;
   * "inline": controls at their own width in a wrapping row, followed by `children` (say, an Add button).
   */
  layout?: "card" | "plain" | "inline";
  children?: ReactNode;
}

// Written out in full so Tailwind sees every class: one column per control, four at most on a row.
const COLUMNS: Record<number, string> = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};

/** The choices of an active/inactive status filter, in the common words. */
export function useActiveOptions(): ToolbarOption[] {
  const { t } = useTranslation();
  return [
    { value: "active", label: t("active") },
    { value: "inactive", label: t("inactive") },
  ];
}

/** The search box's text; the search is applied a moment after typing stops. */
function useDelayedSearch(search: ToolbarSearch | undefined) {
  const applied = search?.value ?? "";
  const [text, setText] = useState(applied);
  const last = useRef(applied);
  const onSearch = useRef(search?.onSearch);
  useEffect(() => {
    onSearch.current = search?.onSearch;
  }, [search?.onSearch]);

  // A change from elsewhere (back button, a link) replaces the text; the echo of our own search does not.
  useEffect(() => {
    if (applied === last.current) return;
    last.current = applied;
    setText(applied);
  }, [applied]);

  useEffect(() => {
    if (text === last.current) return;
    const timer = setTimeout(() => {
      last.current = text;
      onSearch.current?.(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return [text, setText] as const;
}

/** The search box and filter selects above a list; every text comes from the calling page. */
export function ListToolbar({ search, filters = [], layout = "card", children }: ListToolbarProps) {
  const [text, setText] = useDelayedSearch(search);
  const inline = layout === "inline";
  const count = filters.length + (search ? 1 : 0);
  const columns = count === 1 && !search ? "sm:grid-cols-3" : (COLUMNS[count] ?? "");
  const container = inline ? "flex flex-wrap items-center gap-2" : `grid gap-3 ${layout === "card" ? "p-4" : ""} ${columns}`;

  return (
    <div className={container.trim()}>
      {search && (
        <input
          type="search"
          className={inline ? "input min-w-0 flex-1" : "input w-full"}
          placeholder={search.placeholder}
          aria-label={search.label ?? search.placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      {filters.map((filter) => (
        <select
          key={filter.label}
          className={inline ? "select w-auto" : "select w-full"}
          aria-label={filter.label}
          value={filter.value}
          disabled={filter.disabled}
          onChange={(e) => filter.onChange(e.target.value)}
        >
          {filter.anyLabel !== undefined && <option value="">{filter.anyLabel}</option>}
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ))}
      {children}
    </div>
  );
}
