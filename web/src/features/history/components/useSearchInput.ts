import { useEffect, useState } from "react";

const SEARCH_DELAY_MS = 300;

/** The search box's text; the URL (and so the list) follows a moment after typing stops. */
export function useSearchInput(current: string, apply: (search: string) => void) {
  const [search, setSearch] = useState(current);
  useEffect(() => {
    if (search === current) return;
    const timer = setTimeout(() => apply(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, current, apply]);
  return [search, setSearch] as const;
}
