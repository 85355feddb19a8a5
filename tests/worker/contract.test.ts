import { describe, expect, it } from "vitest";
import { callList } from "../../worker/src/contract";
import type { RouteDef } from "../../worker/src/http/route";
import { routes } from "../../worker/src/routes";
import { checkAnswer } from "./contract-check";

const jsonAnswer = (status = 200) =>
  new Response("{}", { status, headers: { "content-type": "application/json; charset=utf-8" } });

describe("the contract and the route table", () => {
  it("declare the same calls, each with the same access, agent, readsOnly and body limit", () => {
    const terms = (calls: readonly Omit<RouteDef, "input" | "handler">[]) =>
      calls
        .map((c) => ({
          name: c.name,
          access: c.access,
          agent: c.agent ?? false,
          readsOnly: c.readsOnly ?? false,
          maxBody: c.maxBody ?? null,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    expect(terms(routes)).toEqual(terms(callList));
  });
});

describe("checkAnswer (what call() runs on every answer)", () => {
  const bank = { name: "B", accountName: "A", accountNumber: "1", logo: "" };
  const settings = { siteName: "Portal", currency: "USD", languageSwitcher: false, turnstileSiteKey: null, termsUrl: null };

  it("accepts an answer the contract declares", () => {
    expect(() => checkAnswer("app-settings", jsonAnswer(), settings)).not.toThrow();
    expect(() =>
      checkAnswer("searchcart", jsonAnswer(), {
        carts: [],
        amounts: { subtotal: 0, total: 0, currency: "USD", count: 0 },
        bank,
        payByCard: false,
      }),
    ).not.toThrow();
  });

  it("refuses a field the contract does not declare, a missing one and a mistyped one", () => {
    expect(() => checkAnswer("app-settings", jsonAnswer(), { ...settings, secret: "x" })).toThrow(/Unrecognized key: "secret"/);
    expect(() => checkAnswer("app-settings", jsonAnswer(), { siteName: "Portal", currency: "USD" })).toThrow(/languageSwitcher/);
    expect(() => checkAnswer("app-settings", jsonAnswer(), { ...settings, languageSwitcher: "no" })).toThrow(/languageSwitcher/);
  });

  it("leaves error answers, unknown calls and file bytes alone, and refuses JSON where a file is declared", () => {
    expect(() => checkAnswer("app-settings", jsonAnswer(404), { error: "x", code: "y" })).not.toThrow();
    expect(() => checkAnswer("no-such-call", jsonAnswer(), { anything: 1 })).not.toThrow();
    const csv = new Response("a,b\r\n", { headers: { "content-type": "text/csv" } });
    expect(() => checkAnswer("export-payment", csv, "a,b\r\n")).not.toThrow();
    expect(() => checkAnswer("export-payment", jsonAnswer(), {})).toThrow(/declares a file/);
    expect(() =>
      checkAnswer("download", jsonAnswer(), { url: "https://r2.example/x", expiresAt: "2026-01-01T00:00:00.000Z" }),
    ).not.toThrow();
    expect(() => checkAnswer("download", jsonAnswer(), { url: "https://r2.example/x" })).toThrow(/expiresAt/);
  });
});
