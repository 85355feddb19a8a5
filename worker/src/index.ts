import { runCron } from "./cron";
import { createDispatcher } from "./http/dispatch";
import { withSecurityHeaders } from "./http/headers";
import { routes } from "./routes";
import { serveImage } from "./storage/files";

const dispatch = createDispatcher(routes);

export default {
  async fetch(request, env, exec): Promise<Response> {
    const url = new URL(request.url);
    let response: Response;
    if (url.pathname.startsWith("/api/")) {
      response = await dispatch(request, env, exec);
    } else if (url.pathname.startsWith("/images/") && (request.method === "GET" || request.method === "HEAD")) {
      response = await serveImage(env.FILES, url.pathname, request);
    } else {
      response = await env.ASSETS.fetch(request);
    }
    return withSecurityHeaders(response, url);
  },

  async scheduled(_controller, env, exec): Promise<void> {
    exec.waitUntil(runCron(env));
  },
} satisfies ExportedHandler<Env>;
