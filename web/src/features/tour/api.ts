import { api } from "../../lib/api";

export const TOUR_STATE_KEY = "tour-state";

/** Whether the caller finished or skipped their role's tour (remembered server-side, decision 0021). */
export const tourState = () => api("tour-state");

/** seen: true remembers the tour as done; false makes the home page run it again. */
export const updateTour = (seen: boolean) => api("update-tour", { seen });
