import useSWR from "swr";
import { PUBLIC_CATALOGUE, publicCatalogue } from "../api";

/** The public catalogue, fetched once and shared by every front page through SWR's cache. */
export function useCatalogue() {
  return useSWR(PUBLIC_CATALOGUE, publicCatalogue, {
    revalidateIfStale: false,
    onError: () => console.error("Network response was not ok"),
  });
}
