import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { changeLanguage, isLanguage, RTL_LANGUAGES, type Language } from "../i18n";
import i18n from "../i18n";
import { cookieJar, readCookie, writeCookie } from "../lib/cookies";
import { setRootAttribute } from "../lib/documentRoot";
import { DEFAULT_PREFERENCES, PREFERENCE_CHOICES, type Direction, type Preferences } from "./config";

export type ColorScheme = "light" | "dark";

interface PreferencesValue {
  /** What the user chose (cookies), before the layout rules below. */
  stored: Preferences;
  /** What the layout uses: horizontal nav forces a hidden navbar to sticky and un-collapses the nav (spec section 4). */
  effective: Preferences;
  colorScheme: ColorScheme;
  direction: Direction;
  language: Language;
  set: <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;
  setDirection: (direction: Direction) => void;
  setLanguage: (language: Language) => Promise<void>;
  reset: () => void;
}

const PreferencesContext = createContext<PreferencesValue | null>(null);

const PREFERENCE_KEYS = Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[];

/** Reads every preference cookie, keeping the default for a missing or unknown value. */
export function readPreferences(): Preferences {
  const out: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  const jar = cookieJar();
  for (const key of PREFERENCE_KEYS) {
    const value = readCookie<unknown>(key, jar);
    if ((PREFERENCE_CHOICES[key] as readonly unknown[]).includes(value)) out[key] = value;
  }
  return out as unknown as Preferences;
}

export function effectivePreferences(stored: Preferences): Preferences {
  if (stored["nav-type"] !== "horizontal") return stored;
  return {
    ...stored,
    "nav-collapsed": false,
    "navbar-type": stored["navbar-type"] === "hidden" ? "sticky" : stored["navbar-type"],
  };
}

const darkQuery = () =>
  typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-color-scheme: dark)")
    : null;

/** The daisyUI theme name for a scheme and skin (the same rule as web/boot.js). */
export function themeName(scheme: ColorScheme, skin: Preferences["skin"]): string {
  return skin === "bordered" ? `${scheme}-bordered` : scheme;
}

function readDirection(language: Language): Direction {
  const saved = readCookie<string>("direction");
  if (saved === "ltr" || saved === "rtl") return saved;
  return RTL_LANGUAGES.includes(language) ? "rtl" : "ltr";
}

/** Layout and theme preferences, kept in JSON cookies (path /) and applied to <html>. */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<Preferences>(readPreferences);
  const [deviceDark, setDeviceDark] = useState(() => darkQuery()?.matches ?? false);
  const [language, setLanguageState] = useState<Language>(() => (isLanguage(i18n.language) ? i18n.language : "en"));
  const [direction, setDirectionState] = useState<Direction>(() => readDirection(language));

  // "system" follows the device live.
  useEffect(() => {
    const query = darkQuery();
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setDeviceDark(event.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const colorScheme: ColorScheme = stored.theme === "system" ? (deviceDark ? "dark" : "light") : stored.theme;

  useEffect(() => {
    setRootAttribute("data-theme", themeName(colorScheme, stored.skin));
    writeCookie("color-scheme", colorScheme);
  }, [colorScheme, stored.skin]);

  useEffect(() => {
    setRootAttribute("dir", direction);
  }, [direction]);

  const set = useCallback(<K extends keyof Preferences>(key: K, value: Preferences[K]) => {
    writeCookie(key, value);
    setStored((current) => ({ ...current, [key]: value }));
  }, []);

  const setDirection = useCallback((next: Direction) => {
    writeCookie("direction", next);
    setDirectionState(next);
  }, []);

  const setLanguage = useCallback(async (next: Language) => {
    await changeLanguage(next);
    setLanguageState(next);
    setDirectionState(RTL_LANGUAGES.includes(next) ? "rtl" : "ltr");
  }, []);

  const reset = useCallback(() => {
    for (const key of PREFERENCE_KEYS) writeCookie(key, DEFAULT_PREFERENCES[key]);
    setStored(DEFAULT_PREFERENCES);
    setDirection(RTL_LANGUAGES.includes(language) ? "rtl" : "ltr");
  }, [language, setDirection]);

  const value = useMemo<PreferencesValue>(
    () => ({
      stored,
      effective: effectivePreferences(stored),
      colorScheme,
      direction,
      language,
      set,
      setDirection,
      setLanguage,
      reset,
    }),
    [stored, colorScheme, direction, language, set, setDirection, setLanguage, reset],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error("usePreferences outside PreferencesProvider");
  return value;
}
