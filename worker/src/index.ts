import { IttyRouter, type IRequest } from "itty-router";
import openapi from "../../docs/openapi.json";
import { runCron } from "./cron";
import { audit } from "./domain/audit";
import { serveImage } from "./domain/storage/files";
import { domainOf } from "./http/context";
import { createDispatcher } from "./http/dispatch";
import { withSecurityHeaders } from "./http/headers";
import { routes } from "./routes";

const dispatch = createDispatcher(routes, {
  refused: (ctx, call, code) =>
    audit(domainOf(ctx), { action: "refused", subject: call, outcome: "denied", detail: { reason: code } }).execute(),
});

const image = (request: IRequest, env: Env, _exec: ExecutionContext, url: URL) => serveImage(env.FILES, url.pathname, request);

let openapiText: string | null = null;

/** The OpenAPI document of the API (docs/openapi.json, generated from worker/src/contract); public. */
function serveOpenApi(): Response {
  openapiText ??= JSON.stringify(openapi);
  return new Response(openapiText, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}

/**
 * The Worker's front door: the API calls and their document, the stored images, and the SPA's assets for
 * everything else. Handlers get the request's URL parsed once, by `fetch` below.
 */
const router = IttyRouter<IRequest, [Env, ExecutionContext, URL]>()
  .get("/api/openapi.json", serveOpenApi)
  .all("/api/*", (request, env, exec, url) => dispatch(request, env, exec, url))
  .get("/images/*", image)
  .head("/images/*", image)
  .all("*", (request, env) => env.ASSETS.fetch(request));

export default {
  async fetch(request, env, exec): Promise<Response> {
    const url = new URL(request.url);
    const response = (await router.fetch(request, env, exec, url)) as Response;
    return withSecurityHeaders(response, url);
  },

  async scheduled(controller, env, exec): Promise<void> {
    exec.waitUntil(runCron(env, controller.cron));
  },
} satisfies ExportedHandler<Env>;
