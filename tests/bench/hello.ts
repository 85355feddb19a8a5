/** The bench's hello-world Worker (see hello.toml): the baselines every portal call is compared with. */
interface HelloEnv {
  /** The part of D1's binding used here (this file is type-checked without the Workers types). */
  DB: { prepare(sql: string): { first<T>(): Promise<T | null> } };
}

export default {
  async fetch(request: Request, env: HelloEnv): Promise<Response> {
    const path = new URL(request.url).pathname;
    // The floor of any call that reads D1: hello-world plus one round trip of `SELECT 1`.
    if (path === "/hello-d1") {
      const row = await env.DB.prepare("SELECT 1 AS one").first<{ one: number }>();
      return new Response(`Hello D1 ${row?.one}`);
    }
    return new Response("Hello World!");
  },
};
