import { json } from "../http/respond";
import { termsOf, turnstileOf } from "../http/settings";
import { route } from "../http/route";
import { settingsCalls } from "../contract/settings";

/** Deployment settings the web app needs before anyone signs in (no secrets). */
const appSettings = route(settingsCalls["app-settings"], {
  async handler(ctx) {
    return json({
      siteName: ctx.env.SITE_NAME,
      currency: ctx.env.CURRENCY,
      languageSwitcher: ctx.env.LANGUAGE_SWITCHER === "true",
      turnstileSiteKey: turnstileOf(ctx.env)?.siteKey ?? null,
      termsUrl: termsOf(ctx.env)?.url ?? null,
    });
  },
});

export const settingsRoutes = [appSettings];
