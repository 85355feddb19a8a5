import { describe, expect, it } from "vitest";
import { version } from "../../package.json";
import { openApiDocument } from "../../worker/src/contract/openapi";
import { routes } from "../../worker/src/routes";
import { BASE, call, directFetch } from "./helpers";

const openapi = openApiDocument(version);

describe("GET /api/openapi.json", () => {
  it("serves the contract's document (what `npm run openapi` writes) to anyone, cacheable, with the security headers", async () => {
    const res = await directFetch(`${BASE}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.json()).toEqual(openapi);
  });

  it("lists every call of the route table as POST /api/<name>", async () => {
    const served = (await (await directFetch(`${BASE}/api/openapi.json`)).json()) as typeof openapi;
    const documented = Object.entries(served.paths)
      .filter(([, item]) => "post" in (item as object))
      .map(([path]) => path)
      .sort();
    expect(documented).toEqual(routes.map((r) => `/api/${r.name}`).sort());
  });

  it("is no call: a POST to it answers unknown_call", async () => {
    const res = await call("openapi.json", {});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("unknown_call");
  });
});
