import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SessionProvider, useSession } from "../../web/src/providers/session";
import { api } from "../../web/src/lib/api";
import { ADMIN_RULES, mockApi, readTestCookie, setupI18n, signedInAs, userData } from "./shell-support";

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

function Probe() {
  const { isLoggedIn, ability } = useSession();
  return (
    <p>
      {isLoggedIn ? "in" : "out"} {ability.can("manage", "all") ? "admin-rules" : "no-rules"}
    </p>
  );
}

const unauthorized = { status: 401, body: { error: "Sign in first.", code: "unauthorized" } };

describe("a 401 from any call", () => {
  it("clears the client state once and goes to login once, however many calls fail", async () => {
    signedInAs("admin");
    mockApi({ me: { body: { userData: userData("admin"), userAbilityRules: ADMIN_RULES } }, searchuser: unauthorized });
    const onSignedOut = vi.fn();
    render(
      <SessionProvider onSignedOut={onSignedOut}>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText("in admin-rules");
    const results = await Promise.allSettled([api("searchuser"), api("searchuser"), api("searchuser")]);
    expect(results.every((r) => r.status === "rejected" && (r.reason as { status: number }).status === 401)).toBe(true);
    await screen.findByText("out no-rules");
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(readTestCookie("userData")).toBeUndefined();
    expect(readTestCookie("userAbilityRules")).toBeUndefined();
  });

  it("does not count a wrong password at login as a lost session", async () => {
    mockApi({ login: unauthorized });
    const onSignedOut = vi.fn();
    render(
      <SessionProvider onSignedOut={onSignedOut}>
        <Probe />
      </SessionProvider>,
    );
    await expect(api("login", { email: "a@example.com", password: "x" })).rejects.toMatchObject({ status: 401 });
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it("handles a later 401 again after the user signed in anew", async () => {
    signedInAs("admin");
    mockApi({ me: { body: { userData: userData("admin"), userAbilityRules: ADMIN_RULES } }, searchuser: unauthorized });
    const onSignedOut = vi.fn();
    let session: ReturnType<typeof useSession> | null = null;
    function Grab() {
      session = useSession();
      return null;
    }
    render(
      <SessionProvider onSignedOut={onSignedOut}>
        <Grab />
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText("in admin-rules");
    await api("searchuser").catch(() => undefined);
    await screen.findByText("out no-rules");
    session!.signIn({ userData: userData("admin"), userAbilityRules: ADMIN_RULES });
    await screen.findByText("in admin-rules");
    await api("searchuser").catch(() => undefined);
    await waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(2));
  });
});
