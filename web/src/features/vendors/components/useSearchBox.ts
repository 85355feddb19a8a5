import { useEffect, useState } from "react";

const SEARCH_DELAY_MS = 300;

/** The search box's text: typing waits a moment before the URL (and so the list) changes. */
export function useSearchBox(current: string, apply: (search: string) => void) {
  const [search, setSearch] = useState(current);
  useEffect(() => setSearch(current), [current]);
  useEffect(() => {
    if (search === current) return;
    const timer = setTimeout(() => apply(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, current, apply]);
  return [search, setSearch] as const;
}
