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

const image = (request: IRequest, env: Env) => serveImage(env.FILES, new URL(request.url).pathname, request);

let openapiText: string | null = null;

/** The OpenAPI document of the API (docs/openapi.json, generated from worker/src/contract); public. */
function serveOpenApi(): Response {
  openapiText ??= JSON.stringify(openapi);
  return new Response(openapiText, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}

/** The Worker's front door: the API calls and their document, the stored images, and the SPA's assets for everything else. */
const router = IttyRouter<IRequest, [Env, ExecutionContext]>()
  .get("/api/openapi.json", serveOpenApi)
  .all("/api/*", (request, env, exec) => dispatch(request, env, exec))
  .get("/images/*", image)
  .head("/images/*", image)
  .all("*", (request, env) => env.ASSETS.fetch(request));

export default {
  async fetch(request, env, exec): Promise<Response> {
    const response = (await router.fetch(request, env, exec)) as Response;
    return withSecurityHeaders(response, new URL(request.url));
  },

  async scheduled(controller, env, exec): Promise<void> {
    exec.waitUntil(runCron(env, controller.cron));
  },
} satisfies ExportedHandler<Env>;
