import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp, setupI18n } from "./shell-support";

beforeAll(setupI18n);
vi.setConfig({ testTimeout: 20_000 });

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("register through an invite link", () => {
  it("sends the link's referral code with the registration", async () => {
    const api = mockApi({ register: { status: 409, body: { error: "Taken.", code: "email_taken", field: "userEmail" } } });
    renderApp("/register?ref=ABCD2345");
    await screen.findByRole("heading", { name: "Create your account" });
    type("Full name", "New Person");
    type("Email", "new@example.com");
    type("Password", "long-enough-1");
    type("Confirm password", "long-enough-1");
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.name === "register")?.body).toEqual({
        userName: "New Person",
        userEmail: "new@example.com",
        password: "long-enough-1",
        referralCode: "ABCD2345",
      }),
    );
  });
});
