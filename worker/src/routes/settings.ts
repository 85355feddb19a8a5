import { json } from "../http/respond";
import { route } from "../http/route";
import { appSettingsOf } from "../http/settings";
import { settingsCalls } from "../contract/settings";

/** Deployment settings the web app needs before anyone signs in (no secrets). */
const appSettings = route(settingsCalls["app-settings"], {
  async handler(ctx) {
    return json(appSettingsOf(ctx.env));
  },
});

export const routes = [appSettings];
