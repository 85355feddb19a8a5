import { readUnsubscribeToken } from "../auth/unsubscribe";
import { notificationCalls } from "../contract/notifications";
import { runBatch } from "../db";
import { listPage } from "../db/list";
import { audit } from "../domain/audit";
import { countOf, notificationList, notificationView, readStatements, type NotificationRow } from "../domain/notifications/list";
import { mailOff, saveSettings, settingsView } from "../domain/notifications/settings";
import { badRequest, notFound, unauthorized } from "../errors";
import { domainOf, requireUser } from "../http/context";
import { requestLanguage } from "../http/language";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";

/** The bell and the notifications page (issue 24): the caller's own notifications only. */
const searchNotification = route(notificationCalls["search-notification"], {
  async handler(ctx, { unreadOnly, page, limit }) {
    const user = requireUser(ctx);
    const { query, ...options } = notificationList(ctx.db, user.userId, unreadOnly);
    const found = await listPage<NotificationRow>(ctx.db, query, { ...options, window: { page, limit } });
    const language = requestLanguage(ctx.request) ?? "en";
    const data = found.rows.map((row) => notificationView(row, language));
    const unread = Number((found.with[0]?.[0] as { n: number } | undefined)?.n ?? 0);
    return list(data, found, page, limit, { unread });
  },
});

const readNotification = route(notificationCalls["read-notification"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const one = "notificationId" in input ? input.notificationId : null;
    const [, exists, unread] = await runBatch(ctx.env.DB, [...readStatements(ctx.db, user.userId, one)]);
    if (one !== null && exists!.results.length === 0) throw notFound("noSuchNotification");
    return json({ message: success(ctx, one === null ? "allNotificationsRead" : "notificationRead"), unread: countOf(unread) });
  },
});

const updateNotificationSettings = route(notificationCalls["update-notification-settings"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const saved = await saveSettings(ctx.db, user.userId, input).executeTakeFirst();
    if (!saved) throw unauthorized();
    return json({ message: success(ctx, "notificationSettingsSaved"), notificationSettings: settingsView(saved) });
  },
});

/**
 * RFC 8058 one-click unsubscribe: the mail client POSTs `List-Unsubscribe=One-Click` to the link of the
 * List-Unsubscribe header (the token in its query string); the page the mail links to POSTs {token}.
 */
const unsubscribe = route(notificationCalls.unsubscribe, {
  async handler(ctx, input) {
    const token = input.token ?? ctx.url.searchParams.get("token");
    const signed = token ? await readUnsubscribeToken(ctx.env.SESSION_PEPPER, token) : null;
    if (!signed) throw badRequest("unsubscribeLinkInvalid", "invalid_token", "token");
    const actor = { ...domainOf(ctx), actor: { ...domainOf(ctx).actor, email: "unsubscribe-link" } };
    await runBatch(ctx.env.DB, [
      mailOff(ctx.db, signed.userId, signed.preference),
      audit(actor, {
        action: "unsubscribe",
        subject: "User",
        subjectId: signed.userId,
        detail: { preference: signed.preference },
      }),
    ]);
    return json({ message: success(ctx, "unsubscribed"), preference: signed.preference });
  },
});

export const routes = [searchNotification, readNotification, updateNotificationSettings, unsubscribe];
