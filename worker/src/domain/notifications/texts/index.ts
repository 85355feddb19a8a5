import type { Language } from "../../../errors/language";
import { formatDate, formatMoney } from "../../outbox/mails";
import { ar } from "./ar";
import { en } from "./en";
import { fr } from "./fr";
import type { Formats, NotificationTexts } from "./types";

export type { NotificationParams, NotificationText, NotificationTexts } from "./types";

const TEXTS: Record<Language, NotificationTexts> = { en, fr, ar };

export const notificationTexts = (language: Language): NotificationTexts => TEXTS[language];

/** Money and dates in the reader's language (mails/index.ts writes them the same way). */
export const formatsOf = (language: Language): Formats => ({
  money: (minor, currency) => formatMoney(language, minor, currency),
  date: (iso) => formatDate(language, iso),
});
