import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("worker", () => {
  it("answers an unknown call with 404 and the error shape", async () => {
    const res = await exports.default.fetch("http://example.com/api/nope", { method: "POST" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Unknown call "nope".', code: "unknown_call" });
  });
});
