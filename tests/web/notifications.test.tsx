import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import miscAr from "../../web/src/features/misc/locales/ar.json";
import miscEn from "../../web/src/features/misc/locales/en.json";
import miscFr from "../../web/src/features/misc/locales/fr.json";
import UnsubscribePage from "../../web/src/features/misc/pages/UnsubscribePage";
import NotificationBell from "../../web/src/features/notifications/components/NotificationBell";
import ar from "../../web/src/features/notifications/locales/ar.json";
import en from "../../web/src/features/notifications/locales/en.json";
import fr from "../../web/src/features/notifications/locales/fr.json";
import NotificationSettingsPage from "../../web/src/features/notifications/pages/NotificationSettingsPage";
import NotificationsPage from "../../web/src/features/notifications/pages/NotificationsPage";
import { callsTo, fail, localeKeys, mockApi, ok, renderAt, renderRoutes, setupPageTests, signIn } from "./page-support";

setupPageTests({ notifications: en, misc: miscEn });

const CLIENT_RULES = [{ action: "read", subject: "Profile" }];
const note = (id: number, readAt: string | null = null) => ({
  notificationId: id,
  kind: "job-done",
  title: `Result ${id} is ready`,
  body: `"essay-${id}.pdf": similarity 12%.`,
  link: "/portal/history-user",
  createdAt: "2026-05-01T10:00:00.000Z",
  readAt,
});
const page = (data: unknown[], unread: number, total = data.length) => ok({ data, total, page: 1, limit: 10, unread });
const SETTINGS = {
  lowBalanceThreshold: null,
  mail: { subscriptionEnding: true, paymentReminder: true, lowBalance: true, jobDone: true },
};

describe("notifications' texts", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
    expect(localeKeys(ar)).toEqual(localeKeys(en));
    expect(localeKeys(miscFr)).toEqual(localeKeys(miscEn));
    expect(localeKeys(miscAr)).toEqual(localeKeys(miscEn));
  });
});

describe("the bell", () => {
  it("shows the unread count, opens a notification (marked read) and marks all read", async () => {
    signIn("client", CLIENT_RULES);
    let unread = 2;
    mockApi({
      "search-notification": () => page(unread ? [note(2), note(1)] : [], unread),
      "read-notification": (body) => {
        unread = "all" in body ? 0 : unread - 1;
        return ok({ message: "Marked as read.", unread });
      },
    });
    // In the navbar on every page: it stays while the notification's page opens.
    const { location } = renderRoutes("/", [["*", NotificationBell]]);
    expect((await screen.findByTestId("notification-count", {}, { timeout: 5000 })).textContent).toBe("2");
    expect(screen.getByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
    expect(callsTo("search-notification")[0]!.body).toEqual({ unreadOnly: true, limit: 5, page: 1 });
    fireEvent.click(screen.getByRole("button", { name: /Result 2 is ready/ }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/portal/history-user"));
    expect(callsTo("read-notification")[0]!.body).toEqual({ notificationId: 2 });
    await waitFor(() => expect(screen.getByTestId("notification-count").textContent).toBe("1"));
    fireEvent.click(screen.getByRole("button", { name: en.markAllRead }));
    await waitFor(() => expect(screen.queryByTestId("notification-count")).toBeNull());
    expect(screen.getByText(en.allCaughtUp)).toBeTruthy();
  });

  it("says when it could not read them, and asks again", async () => {
    signIn("client", CLIENT_RULES);
    let failing = true;
    mockApi({ "search-notification": () => (failing ? fail(500, "Down") : page([note(1)], 1)) });
    renderRoutes("/", [["*", NotificationBell]]);
    expect(await screen.findByText(en.loadFailed)).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: en.retry }));
    expect((await screen.findByTestId("notification-count")).textContent).toBe("1");
  });
});

describe("the notifications page", () => {
  it("lists them, marks one and all read, and filters the unread", { timeout: 30_000 }, async () => {
    signIn("client", CLIENT_RULES);
    let read = false;
    mockApi({
      "search-notification": (body) =>
        page(body.unreadOnly ? [note(2)] : [note(2, read ? "2026-05-02T00:00:00.000Z" : null), note(1, "x")], 1),
      "read-notification": () => {
        read = true;
        return ok({ message: "Marked as read.", unread: 0 });
      },
    });
    renderAt("/pages/notifications", NotificationsPage);
    expect(await screen.findByText("Result 2 is ready")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: en.markRead })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: en.markRead }));
    await waitFor(() => expect(screen.queryByRole("button", { name: en.markRead })).toBeNull());
    expect(callsTo("read-notification")[0]!.body).toEqual({ notificationId: 2 });
    const markAll = screen.getByRole("button", { name: en.markAllRead }) as HTMLButtonElement;
    await waitFor(() => expect(markAll.disabled).toBe(false));
    fireEvent.click(markAll);
    await waitFor(() => expect(callsTo("read-notification")[1]?.body).toEqual({ all: true }));
    fireEvent.change(screen.getByLabelText(en.show), { target: { value: "unread" } });
    await waitFor(() => expect(callsTo("search-notification").at(-1)!.body).toMatchObject({ unreadOnly: true }));
  });

  it("shows the empty state", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({ "search-notification": page([], 0) });
    renderAt("/pages/notifications", NotificationsPage);
    expect(await screen.findByText(en.empty)).toBeTruthy();
  });
});

describe("the notification settings", () => {
  it("loads them from me, saves a threshold and the mail switches", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({
      me: ok({ userData: {}, userAbilityRules: [], notificationSettings: SETTINGS }),
      "update-notification-settings": (body) => ok({ message: "Notification settings saved.", notificationSettings: body }),
    });
    renderAt("/pages/account-settings/notifications", NotificationSettingsPage);
    const threshold = await screen.findByLabelText(en.threshold);
    expect((threshold as HTMLSelectElement).value).toBe("default");
    fireEvent.change(threshold, { target: { value: "custom" } });
    fireEvent.click(screen.getByRole("button", { name: en.save }));
    expect(await screen.findByText(/Points/, { selector: "p,span,div" })).toBeTruthy();
    expect(callsTo("update-notification-settings")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(en.thresholdPoints), { target: { value: "30" } });
    fireEvent.click(screen.getByLabelText(en.mail.jobDone));
    fireEvent.click(screen.getByRole("button", { name: en.save }));
    await waitFor(() =>
      expect(callsTo("update-notification-settings")[0]!.body).toEqual({
        lowBalanceThreshold: 30,
        mail: { subscriptionEnding: true, paymentReminder: true, lowBalance: true, jobDone: false },
      }),
    );
    expect((await screen.findByTestId("snackbar")).textContent).toContain("Notification settings saved.");
  });

  it("shows an error state when they cannot be loaded", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({ me: fail(500, "Down") });
    renderAt("/pages/account-settings/notifications", NotificationSettingsPage);
    expect(await screen.findByText(en.settingsFailed)).toBeTruthy();
  });
});

describe("the unsubscribe page", () => {
  const token = "12.jobDone.c2lnbmF0dXJlc2lnbmF0dXJl";

  it("asks first, then turns that mail off", async () => {
    mockApi({ unsubscribe: ok({ message: "You will no longer receive these mails.", preference: "jobDone" }) });
    renderAt(`/unsubscribe?token=${token}`, UnsubscribePage);
    expect(screen.getByText("Stop receiving these mails: job results?")).toBeTruthy();
    expect(callsTo("unsubscribe")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: miscEn.unsubscribe.button }));
    expect(await screen.findByText("You will no longer receive these mails.")).toBeTruthy();
    expect(callsTo("unsubscribe")[0]!.body).toEqual({ token });
  });

  it("says a broken link is not valid, and shows the server's refusal", async () => {
    renderAt("/unsubscribe?token=nonsense", UnsubscribePage);
    expect(screen.getByRole("alert").textContent).toBe(miscEn.unsubscribe.invalid);
    mockApi({ unsubscribe: fail(400, "This unsubscribe link is not valid.") });
    const again = renderAt(`/unsubscribe?token=${token}`, UnsubscribePage);
    void again;
    fireEvent.click(screen.getByRole("button", { name: miscEn.unsubscribe.button }));
    expect(await within(document.body).findByText("This unsubscribe link is not valid.")).toBeTruthy();
  });
});
