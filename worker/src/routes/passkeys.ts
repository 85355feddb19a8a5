import { assertCurrentPassword } from "../auth/current-password";
import { sha256Hex } from "../auth/crypto";
import { authenticationOptions, registrationOptions, relyingParty, signInExpired, verifyRegistration } from "../auth/passkeys";
import { nowSeconds } from "../db";
import { listPage } from "../db/list";
import { addPasskey, passkeyList, removePasskey } from "../domain/users/passkeys";
import { domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { requestLanguage } from "../http/language";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { passkeyCalls } from "../contract/passkeys";
import { savedPortal } from "../domain/mailtemplates/portal";
import { storeDefaultsOf } from "../http/settings";

const rpOf = (ctx: Ctx) => relyingParty(ctx.url, ctx.env.SITE_NAME, ctx.env.SITE_URL);

const ownerOf = (ctx: Ctx) => {
  const user = requireUser(ctx);
  return { userId: user.userId, email: user.userEmail, name: user.userName };
};

const registerOptions = route(passkeyCalls["passkey-register-options"], {
  async handler(ctx, { password }) {
    const user = requireUser(ctx);
    // A new way in to the account: a borrowed session alone is not enough to add one.
    await assertCurrentPassword(ctx.db, user.userId, password, ctx.env.SESSION_PEPPER, "password");
    const { options, store } = await registrationOptions(ctx.db, rpOf(ctx), user);
    await store.execute();
    return json({ options: { ...options } });
  },
});

const register = route(passkeyCalls["passkey-register"], {
  async handler(ctx, { passkeyName, response }) {
    const owner = ownerOf(ctx);
    const credential = await verifyRegistration(ctx.env.DB, rpOf(ctx), owner.userId, response);
    await addPasskey(
      domainOf(ctx),
      await savedPortal(ctx.db, portalOf(ctx), storeDefaultsOf(ctx.env)),
      owner,
      { ...credential, passkeyName },
      requestLanguage(ctx.request) ?? "en",
    );
    return json({ message: success(ctx, "passkeyAdded") });
  },
});

const searchPasskey = route(passkeyCalls["search-passkey"], {
  async handler(ctx, { page, limit }) {
    const { query, ...options } = passkeyList(ctx.db, requireUser(ctx).userId);
    const found = await listPage<{ passkeyId: number; passkeyName: string; createdAt: string; lastUsedAt: string | null }>(
      ctx.db,
      query,
      { ...options, window: { page, limit } },
    );
    return list(found.rows, found, page, limit);
  },
});

const deletePasskey = route(passkeyCalls["delete-passkey"], {
  async handler(ctx, { passkeyId }) {
    await removePasskey(
      domainOf(ctx),
      await savedPortal(ctx.db, portalOf(ctx), storeDefaultsOf(ctx.env)),
      ownerOf(ctx),
      passkeyId,
      requestLanguage(ctx.request) ?? "en",
    );
    return json({ message: success(ctx, "passkeyRemoved") });
  },
});

const loginOptions = route(passkeyCalls["passkey-login-options"], {
  async handler(ctx) {
    const { options, store } = await authenticationOptions(ctx.db, rpOf(ctx), "login", null);
    await store.execute();
    return json({ options: { ...options } });
  },
});

const secondStepOptions = route(passkeyCalls["two-steps-passkey-options"], {
  async handler(ctx, { challenge }) {
    // Only for a sign-in whose password was right: the unused, unexpired challenge login answered.
    const challengeHash = await sha256Hex(challenge);
    const token = await ctx.env.DB.prepare(
      `SELECT t.userId FROM auth_tokens t JOIN users u ON u.userId = t.userId
        WHERE t.tokenHash = ?1 AND t.purpose = 'two_steps' AND t.usedAt IS NULL AND t.expiresAt > ?2
          AND u.userIsActive = 1 AND u.deletedAt IS NULL`,
    )
      .bind(challengeHash, nowSeconds())
      .first<{ userId: number }>();
    if (!token) throw signInExpired();
    const { options, store } = await authenticationOptions(ctx.db, rpOf(ctx), "second_step", token.userId, challengeHash);
    await store.execute();
    return json({ options: { ...options } });
  },
});

export const routes = [registerOptions, register, searchPasskey, deletePasskey, loginOptions, secondStepOptions];
