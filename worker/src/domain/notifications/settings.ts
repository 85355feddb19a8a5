import type { MailPreference } from "../../contract/notifications";
import type { DB } from "../../db";
import type { ColumnsOf } from "../../db/rows";
import { MAIL_COLUMN } from "./notify";

/** The users columns of the notification settings (migration 0141). */
export const SETTINGS_COLUMNS = [
  "lowBalanceThreshold",
  "mailSubscriptionEnding",
  "mailPaymentReminder",
  "mailLowBalance",
  "mailJobDone",
] as const;

export type SettingsRow = ColumnsOf<"users", typeof SETTINGS_COLUMNS>;

export interface NotificationSettings {
  lowBalanceThreshold: number | null;
  mail: Record<MailPreference, boolean>;
}

export function settingsView(row: SettingsRow): NotificationSettings {
  return {
    lowBalanceThreshold: row.lowBalanceThreshold,
    mail: {
      subscriptionEnding: row.mailSubscriptionEnding === 1,
      paymentReminder: row.mailPaymentReminder === 1,
      lowBalance: row.mailLowBalance === 1,
      jobDone: row.mailJobDone === 1,
    },
  };
}

/** Stores a user's settings (a threshold left out stays as stored); answers the row as stored. */
export function saveSettings(
  db: DB,
  userId: number,
  settings: Pick<NotificationSettings, "mail"> & Partial<Pick<NotificationSettings, "lowBalanceThreshold">>,
) {
  const mail = Object.fromEntries(
    (Object.keys(MAIL_COLUMN) as MailPreference[]).map((preference) => [
      MAIL_COLUMN[preference],
      settings.mail[preference] ? 1 : 0,
    ]),
  ) as Record<(typeof MAIL_COLUMN)[MailPreference], number>;
  return db
    .updateTable("users")
    .set({
      ...(settings.lowBalanceThreshold !== undefined ? { lowBalanceThreshold: settings.lowBalanceThreshold } : {}),
      ...mail,
    })
    .where("userId", "=", userId)
    .where("deletedAt", "is", null)
    .returning(SETTINGS_COLUMNS);
}

/** Turns one kind of mail off (the unsubscribe link): harmless whoever sends it, so it needs no session. */
export function mailOff(db: DB, userId: number, preference: MailPreference) {
  return db
    .updateTable("users")
    .set({ [MAIL_COLUMN[preference]]: 0 })
    .where("userId", "=", userId);
}
