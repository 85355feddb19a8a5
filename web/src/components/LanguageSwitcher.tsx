import { useTranslation } from "react-i18next";
import { usePreferences } from "../providers/preferences";
import { LANGUAGES } from "../i18n";
import { Icon } from "./Icon";

/** The language menu of the navbar and the sign-in pages; the choice is saved in the language cookie. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  return (
    <div className="dropdown dropdown-end">
      <button type="button" className="btn btn-ghost btn-circle" aria-label={t("language")} title={t("language")}>
        <Icon name="language" />
      </button>
      <ul className="dropdown-content menu z-40 w-40 rounded-box bg-base-100 p-2 shadow-lg">
        {LANGUAGES.map((lng) => (
          <li key={lng}>
            <button
              type="button"
              lang={lng}
              className={lng === language ? "menu-active" : undefined}
              onClick={() => void setLanguage(lng)}
            >
              {t(`languageName.${lng}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default LanguageSwitcher;
