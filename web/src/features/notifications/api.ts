import { api, type CallInput, type ListRow } from "../../lib/api";

export const SEARCH_NOTIFICATION = "search-notification";
export type Notification = ListRow<typeof SEARCH_NOTIFICATION>;

/** The bell's SWR key: its unread notifications, newest first (the count comes with them). */
export const BELL_KEY = "notification-bell";
export const BELL_SIZE = 5;
export const bellNotifications = () => api(SEARCH_NOTIFICATION, { unreadOnly: true, limit: BELL_SIZE, page: 1 });

export const readNotification = (notificationId: number) => api("read-notification", { notificationId });
export const readAllNotifications = () => api("read-notification", { all: true });

/** The signed-in user's notification settings (`me` answers them). */
export const SETTINGS_KEY = "notification-settings";
export const notificationSettings = async () => (await api("me")).notificationSettings;
export const saveNotificationSettings = (body: CallInput<"update-notification-settings">) =>
  api("update-notification-settings", body);
