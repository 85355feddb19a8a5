import type { SWRConfiguration } from "swr";

/**
 * The app's SWR defaults: no refetch on window focus, no automatic retry of a failed call (a 403
 * or 404 does not get better by asking again). The default layout provides them with SWRConfig;
 * useList passes them itself, so lists behave the same in any layout.
 */
export const SWR_DEFAULTS: SWRConfiguration = { revalidateOnFocus: false, shouldRetryOnError: false };
