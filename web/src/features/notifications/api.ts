/** The feature's calls; what its routes and its bell preload (in the first load) is in preload.ts. */
export * from "./preload";
import { api, type CallInput } from "../../lib/api";

export const readNotification = (notificationId: number) => api("read-notification", { notificationId });
export const readAllNotifications = () => api("read-notification", { all: true });

export const saveNotificationSettings = (body: CallInput<"update-notification-settings">) =>
  api("update-notification-settings", body);
