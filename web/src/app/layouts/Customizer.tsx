import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { LAYOUT_NAMESPACE } from "../../i18n";
import { PREFERENCE_CHOICES, type Direction, type Preferences } from "../../providers/config";
import { usePreferences } from "../../providers/preferences";
import { Icon } from "../../components/Icon";
import { useFocusTrap } from "../../hooks/useFocusTrap";

type ChoiceKey = "theme" | "skin" | "nav-type" | "content-width" | "navbar-type" | "footer-type" | "horizontal-nav-type";

function Choice<K extends ChoiceKey>({ name, label }: { name: K; label: string }) {
  const { t } = useTranslation(["common", LAYOUT_NAMESPACE]);
  const { stored, set } = usePreferences();
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {PREFERENCE_CHOICES[name].map((value) => (
          <label
            key={String(value)}
            className="flex cursor-pointer items-center gap-2 rounded-field border border-base-300 px-3 py-2"
          >
            <input
              type="radio"
              className="radio radio-primary radio-sm"
              name={name}
              checked={stored[name] === value}
              onChange={() => set(name, value as Preferences[K])}
            />
            <span>{t(`layout:customizer.value.${String(value)}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Toggle({ name, label }: { name: "navbar-blur" | "nav-collapsed"; label: string }) {
  const { stored, set } = usePreferences();
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 py-1">
      <span className="text-xs font-semibold">{label}</span>
      <input
        type="checkbox"
        className="toggle toggle-primary"
        checked={stored[name]}
        onChange={(e) => set(name, e.target.checked)}
      />
    </label>
  );
}

/** The customizer drawer: theme, skin and layout choices, each saved at once in its preference cookie. */
export function Customizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(["common", LAYOUT_NAMESPACE]);
  const { stored, direction, setDirection, reset } = usePreferences();
  const panel = useRef<HTMLDivElement>(null);

  useFocusTrap(panel, open, onClose);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50">
      {/* Out of the tab order: the trap keeps Tab in the panel, whose own close button serves the keyboard. */}
      <button type="button" tabIndex={-1} className="absolute inset-0 bg-black/40" aria-label={t("close")} onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="customizer-title"
        tabIndex={-1}
        className="absolute inset-y-0 end-0 flex w-full max-w-sm flex-col overflow-y-auto bg-base-100 shadow-xl outline-none"
      >
        <div className="flex items-center justify-between border-b border-base-300 p-4">
          <div>
            <h2 id="customizer-title" className="text-lg font-semibold">
              {t("layout:customizer.title")}
            </h2>
            <p className="text-sm text-base-content/70">{t("layout:customizer.subtitle")}</p>
          </div>
          <button type="button" className="btn btn-ghost btn-circle btn-sm" aria-label={t("close")} onClick={onClose}>
            <Icon name="x" />
          </button>
        </div>
        <div className="flex flex-col gap-2 p-4">
          <h3 className="badge badge-soft badge-primary">{t("layout:customizer.theming")}</h3>
          <Choice name="theme" label={t("layout:customizer.theme")} />
          <Choice name="skin" label={t("layout:customizer.skin")} />
          <h3 className="badge badge-soft badge-primary mt-4">{t("layout:customizer.layout")}</h3>
          <Choice name="nav-type" label={t("layout:customizer.navType")} />
          {stored["nav-type"] === "horizontal" && (
            <Choice name="horizontal-nav-type" label={t("layout:customizer.horizontalNavType")} />
          )}
          <Toggle name="nav-collapsed" label={t("layout:customizer.navCollapsed")} />
          <Choice name="content-width" label={t("layout:customizer.contentWidth")} />
          <Choice name="navbar-type" label={t("layout:customizer.navbarType")} />
          <Toggle name="navbar-blur" label={t("layout:customizer.navbarBlur")} />
          <Choice name="footer-type" label={t("layout:customizer.footerType")} />
          <fieldset className="fieldset">
            <legend className="fieldset-legend">{t("layout:customizer.direction")}</legend>
            <div className="flex flex-wrap gap-2">
              {(["ltr", "rtl"] as Direction[]).map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-field border border-base-300 px-3 py-2"
                >
                  <input
                    type="radio"
                    className="radio radio-primary radio-sm"
                    name="direction"
                    checked={direction === value}
                    onChange={() => setDirection(value)}
                  />
                  <span>{t(`layout:customizer.value.${value}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="button" className="btn btn-outline mt-4" onClick={reset}>
            {t("layout:customizer.reset")}
          </button>
        </div>
      </div>
    </div>
  );
}
