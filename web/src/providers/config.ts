/**
 * The shell's settings (theme config): defaults of every preference a user can change in the
 * customizer. web/boot.js repeats the theme default: keep the two in step.
 */
export type ThemeMode = "light" | "dark" | "system";
export type Skin = "default" | "bordered";
export type ContentWidth = "boxed" | "fluid";
export type NavType = "vertical" | "horizontal";
export type BarType = "sticky" | "static" | "hidden";
export type Direction = "ltr" | "rtl";

export interface Preferences {
  theme: ThemeMode;
  skin: Skin;
  "navbar-blur": boolean;
  "nav-collapsed": boolean;
  "content-width": ContentWidth;
  "nav-type": NavType;
  "navbar-type": BarType;
  "footer-type": BarType;
  /** The horizontal menu bar under the navbar (horizontal navigation only). */
  "horizontal-nav-type": BarType;
}

export const DEFAULT_PREFERENCES: Preferences = {
  // The specification's site settings (sections 4 and 9): light; "system" (follow the device) is a choice.
  theme: "light",
  skin: "default",
  "navbar-blur": true,
  "nav-collapsed": false,
  "content-width": "boxed",
  "nav-type": "vertical",
  "navbar-type": "sticky",
  "footer-type": "static",
  "horizontal-nav-type": "sticky",
};

/** Allowed values per preference, to ignore a tampered or outdated cookie. */
export const PREFERENCE_CHOICES: { [K in keyof Preferences]: readonly Preferences[K][] } = {
  theme: ["light", "dark", "system"],
  skin: ["default", "bordered"],
  "navbar-blur": [true, false],
  "nav-collapsed": [true, false],
  "content-width": ["boxed", "fluid"],
  "nav-type": ["vertical", "horizontal"],
  "navbar-type": ["sticky", "static", "hidden"],
  "footer-type": ["sticky", "static", "hidden"],
  "horizontal-nav-type": ["sticky", "static", "hidden"],
};

/** Scroll behaviours (spec section 9). */
export const SCROLL_TOP_THRESHOLD = 200;
export const HASH_SCROLL_OFFSET = 60;
