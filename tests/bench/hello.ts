/** The bench's hello-world Worker (see hello.toml): the baseline every portal call is compared with. */
interface HelloEnv {
  PORTAL: { fetch(request: Request): Promise<Response> };
}

export default {
  fetch(request: Request, env: HelloEnv): Response | Promise<Response> {
    if (new URL(request.url).pathname === "/hello") return new Response("Hello World!");
    return env.PORTAL.fetch(request);
  },
};
