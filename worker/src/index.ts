import { IttyRouter, type IRequest } from "itty-router";
import { version } from "../../package.json";
import { openApiDocument } from "./contract/openapi";
import { runCron } from "./cron";
import { audit } from "./domain/audit";
import { serveImage } from "./domain/storage/files";
import { FEED_PATH, serveCalendarFeed } from "./domain/calendar/feed";
import { domainOf } from "./http/context";
import { createDispatcher, type DispatchHooks } from "./http/dispatch";
import { withSecurityHeaders, WORKER_TIMING } from "./http/headers";
import { servePage, serveRobots, serveSitemap } from "./http/pages";
import { routes } from "./routes";
import { openChatSocket } from "./routes/chat";
import { getDb, nowSeconds } from "./db";
import { endViewAs } from "./domain/viewas/sessions";
import { buryMail, consumeMail } from "./domain/outbox/consumer";
import { dispatchMail } from "./domain/outbox/dispatch";
import { receiveSupportMail } from "./domain/support/mail-in";
import type { MailMessage } from "./domain/outbox/dispatch";
import { pdfAttachments } from "./domain/invoices/mail-attachments";
import { cronPortalOf, mailQueueOf, mailSettingsOf, pdfSettingsOf, storeDefaultsOf, supportMailOf } from "./http/settings";
import { loadStoreSettings } from "./domain/storesettings/settings";
import { QUEUES } from "./queues";
import { buryWebhooks, consumeWebhooks, type WebhookMessage } from "./domain/webhooks/deliver";
import { webhookDeliverySettingsOf } from "./http/webhooks";

/** One ticket's live conversation (wrangler.toml CHAT_ROOMS, decision 0031). */
export { ConversationRoom } from "./domain/chat/room";

const hooks: DispatchHooks = {
  refused: (ctx, call, code) =>
    audit(domainOf(ctx), { action: "refused", subject: call, outcome: "denied", detail: { reason: code } }).execute(),
  viewAsExpired: (d1, viewAs, userId, ip) =>
    endViewAs(
      { db: getDb(d1), d1, actor: { userId: viewAs.staffId, email: viewAs.staffEmail, ip, agent: null } },
      viewAs.viewAsId,
      userId,
      "expired",
      nowSeconds(),
    ),
};
const dispatch = createDispatcher(routes, hooks);

/** The store settings in force, for a page that needs them (an admin's change shows on the next page served). */
const pageSettings = (env: Env) => () => loadStoreSettings(getDb(env.DB), storeDefaultsOf(env));

const image = (request: IRequest, env: Env, _exec: ExecutionContext, url: URL) => serveImage(env.FILES, url.pathname, request);

let openapiText: string | null = null;

/**
 * The OpenAPI document of the API, made from worker/src/contract on the first request an isolate gets
 * (what `npm run openapi` writes to docs/openapi.json); public.
 */
function serveOpenApi(): Response {
  openapiText ??= JSON.stringify(openApiDocument(version));
  return new Response(openapiText, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}

/**
 * The Worker's front door: the API calls and their document, the stored images, robots.txt and the
 * sitemap, and the public pages (prerendered per language) or the SPA for everything else that
 * wrangler.toml's `run_worker_first` sends here. Handlers get the request's URL parsed once, by `fetch` below.
 */
const router = IttyRouter<IRequest, [Env, ExecutionContext, URL]>()
  .get("/api/openapi.json", serveOpenApi)
  .get(`${FEED_PATH}:file`, (_request, env, _exec, url) =>
    serveCalendarFeed(getDb(env.DB), env.DB, { pepper: env.SESSION_PEPPER, siteName: env.SITE_NAME, pdf: env.PDF }, url),
  )
  // Live chat's WebSocket (decision 0031), before the calls: a GET that is no call.
  .get("/api/chat/:ticketId", (request, env, exec, url) =>
    openChatSocket(request, env, exec, url, request.params.ticketId!, hooks),
  )
  .all("/api/*", (request, env, exec, url) => dispatch(request, env, exec, url))
  .get("/images/*", image)
  .head("/images/*", image)
  .get("/robots.txt", (_request, _env, _exec, url) => serveRobots(url))
  .get("/sitemap.xml", (_request, env, _exec, url) => serveSitemap(env, url, pageSettings(env)))
  .all("*", (request, env, _exec, url) => servePage(request, env, url, pageSettings(env)));

export default {
  async fetch(request, env, exec): Promise<Response> {
    const url = new URL(request.url);
    const routed = (await router.fetch(request, env, exec, url)) as Response;
    // An accepted socket is handed over as the room made it (its 101 answer carries no page to protect).
    if (routed.webSocket) return routed;
    const response = withSecurityHeaders(routed, url);
    // Metered runs (tests, `npm run bench`) tell which answers ran the Worker: static files served without
    // it have no such entry (tests/bench/public-pages.ts counts a page load's invocations so).
    if (env.D1_METER === "true") response.headers.append("server-timing", WORKER_TIMING);
    return response;
  },

  // Awaited, not left to waitUntil: a cron run by hand (`/__scheduled?cron=…` locally) answers when done.
  async scheduled(controller, env, _exec): Promise<void> {
    await runCron(env, controller.cron);
  },

  /** The mail and webhook queues' batches, and their dead-letter queues' (wrangler.toml [[queues.consumers]]). */
  async queue(batch, env, _exec): Promise<void> {
    const db = getDb(env.DB);
    // The queue's name says what its messages carry.
    const webhookMessages = batch.messages as unknown as readonly WebhookMessage[];
    if (batch.queue === QUEUES.webhooks) await consumeWebhooks(webhookDeliverySettingsOf(env), db, webhookMessages);
    else if (batch.queue === QUEUES.webhookDeadLetters) await buryWebhooks(db, webhookMessages);
    else if (batch.queue === QUEUES.mailDeadLetters) await buryMail(db, batch.messages);
    else
      await consumeMail(mailSettingsOf(env), db, batch.messages, {
        makeAttachment: pdfAttachments(db, env.PDF, pdfSettingsOf(env)),
      });
  },

  /**
   * Mail to a ticket's support address (Email Routing, README "Support mail"; locally a POST to
   * `/cdn-cgi/handler/email`): the sender's reply in its thread, or refused with a reason.
   */
  async email(message, env, _exec): Promise<void> {
    const db = getDb(env.DB);
    const outcome = await receiveSupportMail(
      { db, d1: env.DB, bucket: env.FILES, portal: cronPortalOf(env), supportMail: supportMailOf(env), pdf: env.PDF },
      message,
    );
    if (outcome === "added") await dispatchMail(mailQueueOf(env), db);
  },
} satisfies ExportedHandler<Env, MailMessage>;
