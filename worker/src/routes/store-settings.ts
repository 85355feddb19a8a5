import { storeSettingsCalls, type StoreSettings } from "../contract/storesettings";
import { prepare, runBatch } from "../db";
import { audit } from "../domain/audit";
import { storeUpload } from "../domain/storage/files";
import { changedSettings, loadStoreSettings, saveSettingsStatements } from "../domain/storesettings/settings";
import { domainOf, requireUser } from "../http/context";
import { json, success } from "../http/respond";
import { route } from "../http/route";
import { storeDefaultsOf } from "../http/settings";

/** The store settings in force: what an admin saved, else wrangler.toml's vars. */
const storeSettings = route(storeSettingsCalls["store-settings"], {
  async handler(ctx) {
    return json({ settings: await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env)) });
  },
});

/**
 * Saves the fields sent: the body was validated whole before this runs (a refused field is a 400
 * naming it, and nothing is saved). The changed settings and their audit row are one batch; the next
 * call of any isolate reads them.
 */
const updateStoreSettings = route(storeSettingsCalls["update-store-settings"], {
  async handler(ctx, input) {
    const { userId } = requireUser(ctx);
    const { bankLogoNew, ...sent } = input;
    // An uploaded logo is checked by its bytes and served from R2 (content-addressed: kept by the sweep).
    const logo = bankLogoNew ? await storeUpload(ctx.env.FILES, bankLogoNew, "image", "bankLogoNew") : null;
    const wanted: Partial<StoreSettings> = logo ? { ...sent, bankLogo: `/${logo.key}` } : sent;
    const defaults = storeDefaultsOf(ctx.env);
    const current = await loadStoreSettings(ctx.db, defaults);
    const changes = changedSettings(current, wanted);
    if (Object.keys(changes).length === 0) return json({ message: success(ctx, "storeSettingsUnchanged"), settings: current });
    await runBatch(ctx.env.DB, [
      ...saveSettingsStatements(ctx.db, ctx.env.DB, changes, userId),
      // The new values too: a changed bank account is what a fraud would change, so the log says to what.
      prepare(ctx.env.DB, audit(domainOf(ctx), { action: "update-store-settings", subject: "StoreSettings", detail: changes })),
    ]);
    return json({
      message: success(ctx, "storeSettingsSaved"),
      settings: await loadStoreSettings(ctx.db, defaults),
    });
  },
});

export const routes = [storeSettings, updateStoreSettings];
