import { api, type ListRow } from "../../lib/api";

export const SEARCH_OUTBOX = "search-outbox";

export type OutboxRow = ListRow<typeof SEARCH_OUTBOX>;

export const outboxPreview = (mailId: number) => api("outbox-preview", { mailId });
export const resendMail = (mailId: number) => api("resend-mail", { mailId });
