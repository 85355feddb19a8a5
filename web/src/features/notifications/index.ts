import type { AppRoute, NavbarWidget } from "../../lib/feature";
import { BELL_KEY, bellNotifications, notificationSettings, SETTINGS_KEY } from "./preload";

/**
 * Notifications (issue 24): the navbar's bell, the list of one's notifications and the settings tab of
 * the account (which mails, the low-balance threshold). The page an unsubscribe link opens is in misc.
 */
const own = { action: "read", subject: "Profile" } as const;

export const routes: AppRoute[] = [
  {
    path: "/pages/notifications",
    title: "notifications:title",
    page: () => import("./pages/NotificationsPage"),
    meta: own,
  },
  {
    path: "/pages/account-settings/notifications",
    title: "notifications:settingsTitle",
    page: () => import("./pages/NotificationSettingsPage"),
    meta: { ...own, navActiveLink: "/pages/account-settings/account" },
    preload: () => [{ key: SETTINGS_KEY, fetch: notificationSettings }],
  },
];

export const navbarWidgets: NavbarWidget[] = [
  {
    name: "notifications",
    order: 20,
    component: () => import("./components/NotificationBell"),
    preload: () => [{ key: BELL_KEY, fetch: bellNotifications }],
  },
];
