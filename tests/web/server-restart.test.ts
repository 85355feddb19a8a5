import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../web/src/i18n";
import { api, ApiError } from "../../web/src/lib/api";

/**
 * Decision 0014: `wrangler dev` restarting answers a POST in flight with a plain-text 503 (its proxy retries
 * only GET and HEAD). The web app says what happened instead of blaming the reader's connection.
 */

/** Every fetch answers a fresh `response()` (a body is read once). */
const answering = (response: () => Response) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => response()),
  );

const registration = { userName: "Nadia", userEmail: "nadia@example.com", password: "long enough pw" };

describe("lib/api: a server restarting", () => {
  beforeAll(() => initI18n("en"));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage("en");
  });

  it("tells the reader to try again when a 503 is not the API's answer", async () => {
    answering(
      () =>
        new Response("Your worker restarted mid-request. Please try sending the request again.", {
          status: 503,
          headers: { "content-type": "text/plain", "retry-after": "0" },
        }),
    );
    const error = await api("register", registration).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: "http_error", message: "The server was restarting. Please try again." });
    await changeLanguage("ar");
    await expect(api("register", registration)).rejects.toMatchObject({
      message: "كان الخادم يُعاد تشغيله. يُرجى المحاولة مرة أخرى.",
    });
  });

  it("keeps the API's own 503 and the connection message for other unreadable answers", async () => {
    answering(() =>
      Response.json(
        { error: "The check that you are a person is not available right now.", code: "turnstile_unavailable" },
        { status: 503 },
      ),
    );
    await expect(api("register", registration)).rejects.toMatchObject({ code: "turnstile_unavailable" });
    answering(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(api("register", registration)).rejects.toMatchObject({
      message: "The server could not be reached. Check your connection and try again.",
    });
  });
});
