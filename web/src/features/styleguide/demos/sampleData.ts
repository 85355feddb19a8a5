import { useState } from "react";
import type { ShownList } from "../../../components/ListPage";

/** A product row of the demos (an item of the shop, as the admin lists show it). */
export interface SampleRow {
  id: number;
  name: string;
  points: number;
  active: boolean;
}

export const SAMPLE_ROWS: SampleRow[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: ["Starter", "Student", "Team", "Campus", "Publisher"][i % 5]! + ` ${Math.floor(i / 5) + 1}`,
  points: 50 * ((i % 7) + 1),
  active: i % 4 !== 3,
}));

/**
 * What a list controller gives a list (useListController), over rows held in memory: its paging works,
 * and `state` fixes it at loading, empty or failed for the demos of those states.
 */
export function useSampleList(state: "rows" | "loading" | "empty" | "error" = "rows", limitAtStart = 5): ShownList<SampleRow> {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(limitAtStart);
  const [search, setSearch] = useState("");
  const found = SAMPLE_ROWS.filter((row) => row.name.toLowerCase().includes(search.toLowerCase()));
  const all = state === "empty" ? [] : found;
  const rows = state === "loading" || state === "error" ? undefined : all.slice((page - 1) * limit, page * limit);
  return {
    tableProps: {
      rows,
      total: all.length,
      page,
      limit,
      onPage: setPage,
      onLimit: (next) => {
        setLimit(next);
        setPage(1);
      },
      loading: state === "loading",
      error: state === "error" ? new Error("demo") : undefined,
      onRetry: () => undefined,
    },
    search,
    setSearch: (next) => {
      setSearch(next);
      setPage(1);
    },
  };
}
