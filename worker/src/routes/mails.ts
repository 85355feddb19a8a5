import type { Ctx } from "../http/context";
import type { Mail } from "../outbox";

/** Links in mails point at the site the request came to (a Worker route of this deployment). */
const link = (ctx: Ctx, path: string) => `${ctx.url.origin}${path}`;

export function verificationMail(ctx: Ctx, to: string, name: string, token: string): Mail {
  return {
    to,
    kind: "verify-email",
    subject: `Confirm your email for ${ctx.env.SITE_NAME}`,
    body: `Hello ${name},\n\nPlease confirm your email address by opening this link within 48 hours:\n${link(ctx, `/pages/authentication/verify-email-v1?token=${encodeURIComponent(token)}`)}\n\nIf you did not create an account, ignore this mail.`,
  };
}

export function resetMail(ctx: Ctx, to: string, name: string, token: string): Mail {
  return {
    to,
    kind: "reset-password",
    subject: `Reset your ${ctx.env.SITE_NAME} password`,
    body: `Hello ${name},\n\nSomeone asked to reset the password of this account. Open this link within one hour to choose a new one:\n${link(ctx, `/pages/authentication/reset-password-v1?token=${encodeURIComponent(token)}`)}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
  };
}
