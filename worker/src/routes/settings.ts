import { json } from "../http/respond";
import { route } from "../http/route";
import { appSettingsOf, storeDefaultsOf } from "../http/settings";
import { loadStoreSettings } from "../domain/storesettings/settings";
import { settingsCalls } from "../contract/settings";

/** Deployment settings the web app needs before anyone signs in (no secrets). */
const appSettings = route(settingsCalls["app-settings"], {
  async handler(ctx) {
    // The site's name and the language switcher an admin saved are in force for the very next call.
    return json(appSettingsOf(ctx.env, await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env))));
  },
});

export const routes = [appSettings];
