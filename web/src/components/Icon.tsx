import type { SVGProps } from "react";

/**
 * The one place where icon names map to drawings: outline icons in the tabler style (24 × 24, stroke
 * 2, currentColor), inlined so only the icons in use are shipped and no icon font is loaded.
 * A NavItem's `icon` is one of these names; an unknown name draws a small circle.
 */
const PATHS: Record<string, string[]> = {
  home: ["M5 12H3l9-9 9 9h-2", "M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7", "M9 21v-6a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v6"],
  chart: [
    "M3 13a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z",
    "M15 9a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1z",
    "M9 5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1z",
    "M4 20h14",
  ],
  dashboard: ["M4 4h6v8H4z", "M4 16h6v4H4z", "M14 12h6v8h-6z", "M14 4h6v4h-6z"],
  user: ["M8 7a4 4 0 1 0 8 0 4 4 0 0 0-8 0", "M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2"],
  users: [
    "M5 7a4 4 0 1 0 8 0 4 4 0 0 0-8 0",
    "M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2",
    "M16 3.13a4 4 0 0 1 0 7.75",
    "M21 21v-2a4 4 0 0 0-3-3.85",
  ],
  shield: ["M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21 12 12 0 0 1 3.5 6 12 12 0 0 0 12 3"],
  lock: [
    "M5 13a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2z",
    "M11 16a1 1 0 1 0 2 0 1 1 0 0 0-2 0",
    "M8 11V7a4 4 0 1 1 8 0v4",
  ],
  key: [
    "M16.555 3.843l3.602 3.602a2.877 2.877 0 0 1 0 4.069l-2.643 2.643a2.877 2.877 0 0 1-4.069 0l-.301-.301-6.558 6.558a2 2 0 0 1-1.239.578L5.172 21H4a1 1 0 0 1-.993-.883L3 20v-1.172a2 2 0 0 1 .467-1.284l.119-.13.414-.414h2v-2h2v-2l2.144-2.144-.301-.301a2.877 2.877 0 0 1 0-4.069l2.643-2.643a2.877 2.877 0 0 1 4.069 0z",
    "M15 9h.01",
  ],
  bell: ["M10 5a2 2 0 1 1 4 0 7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6", "M9 17v1a3 3 0 0 0 6 0v-1"],
  settings: [
    "M10.325 4.317c.426-1.756 2.924-1.756 3.35 0a1.724 1.724 0 0 0 2.573 1.066c1.543-.94 3.31.826 2.37 2.37a1.724 1.724 0 0 0 1.065 2.572c1.756.426 1.756 2.924 0 3.35a1.724 1.724 0 0 0-1.066 2.573c.94 1.543-.826 3.31-2.37 2.37a1.724 1.724 0 0 0-2.572 1.065c-.426 1.756-2.924 1.756-3.35 0a1.724 1.724 0 0 0-2.573-1.066c-1.543.94-3.31-.826-2.37-2.37a1.724 1.724 0 0 0-1.065-2.572c-1.756-.426-1.756-2.924 0-3.35a1.724 1.724 0 0 0 1.066-2.573c-.94-1.543.826-3.31 2.37-2.37 1 .608 2.296.07 2.572-1.065z",
    "M9 12a3 3 0 1 0 6 0 3 3 0 0 0-6 0",
  ],
  package: ["M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3", "M12 12l8-4.5", "M12 12v9", "M12 12L4 7.5", "M16 5.25l-8 4.5"],
  box: ["M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3", "M12 12l8-4.5", "M12 12v9", "M12 12L4 7.5"],
  ticket: [
    "M15 5v2",
    "M15 11v2",
    "M15 17v2",
    "M5 5h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4V7a2 2 0 0 1 2-2",
  ],
  world: [
    "M3 12a9 9 0 1 0 18 0 9 9 0 0 0-18 0",
    "M3.6 9h16.8",
    "M3.6 15h16.8",
    "M11.5 3a17 17 0 0 0 0 18",
    "M12.5 3a17 17 0 0 1 0 18",
  ],
  building: [
    "M3 21h18",
    "M9 8h1",
    "M9 12h1",
    "M9 16h1",
    "M14 8h1",
    "M14 12h1",
    "M14 16h1",
    "M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16",
  ],
  history: ["M12 8v4l2 2", "M3.05 11a9 9 0 1 1 .5 4m-.5 5v-5h5"],
  cart: ["M4 19a2 2 0 1 0 4 0 2 2 0 1 0-4 0", "M15 19a2 2 0 1 0 4 0 2 2 0 1 0-4 0", "M17 17H6V3H4", "M6 5l14 1-1 7H6"],
  "credit-card": ["M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z", "M3 10h18", "M7 15h.01", "M11 15h2"],
  invoice: [
    "M14 3v4a1 1 0 0 0 1 1h4",
    "M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2",
    "M9 7h1",
    "M9 13h6",
    "M13 17h2",
  ],
  file: ["M14 3v4a1 1 0 0 0 1 1h4", "M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2"],
  download: ["M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2", "M7 11l5 5 5-5", "M12 4v12"],
  upload: ["M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2", "M7 9l5-5 5 5", "M12 4v12"],
  coins: [
    "M9 14c0 1.657 2.686 3 6 3s6-1.343 6-3-2.686-3-6-3-6 1.343-6 3",
    "M9 14v4c0 1.656 2.686 3 6 3s6-1.344 6-3v-4",
    "M3 6c0 1.072 1.144 2.062 3 2.598s4.144.536 6 0 3-1.526 3-2.598-1.144-2.062-3-2.598-4.144-.536-6 0S3 4.928 3 6",
    "M3 6v10c0 .888.772 1.45 2 2",
    "M3 11c0 .888.772 1.45 2 2",
  ],
  mail: ["M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z", "M3 7l9 6 9-6"],
  list: ["M9 6h11", "M9 12h11", "M9 18h11", "M5 6v.01", "M5 12v.01", "M5 18v.01"],
  logout: ["M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2", "M9 12h12l-3-3", "M18 15l3-3"],
  menu: ["M4 6h16", "M4 12h16", "M4 18h16"],
  x: ["M18 6L6 18", "M6 6l12 12"],
  "chevron-right": ["M9 6l6 6-6 6"],
  "chevron-left": ["M15 6l-6 6 6 6"],
  "chevron-down": ["M6 9l6 6 6-6"],
  "arrow-up": ["M12 5v14", "M18 11l-6-6", "M6 11l6-6"],
  "arrow-left": ["M5 12h14", "M5 12l6 6", "M5 12l6-6"],
  sun: ["M8 12a4 4 0 1 0 8 0 4 4 0 1 0-8 0", "M3 12h1m8-9v1m8 8h1m-9 8v1M5.6 5.6l.7.7m12.1-.7l-.7.7m0 11.4l.7.7m-12.1-.7l-.7.7"],
  moon: ["M12 3c.132 0 .263 0 .393 0a7.5 7.5 0 0 0 7.92 12.446A9 9 0 1 1 12 2.992z"],
  "device-desktop": ["M3 5a1 1 0 0 1 1-1h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z", "M7 20h10", "M9 16v4", "M15 16v4"],
  language: ["M4 5h7", "M9 3v2c0 4.418-2.239 8-5 8", "M5 9c0 2.144 2.952 3.908 6.7 4", "M12 20l4-9 4 9", "M19.1 18h-6.2"],
  palette: [
    "M12 21a9 9 0 0 1 0-18c4.97 0 9 3.582 9 8 0 1.06-.474 2.078-1.318 2.828S17.693 15 16.5 15H14a2 2 0 0 0-1 3.75A1.3 1.3 0 0 1 12 21",
    "M7.5 10.5a1 1 0 1 0 2 0 1 1 0 1 0-2 0",
    "M11.5 7.5a1 1 0 1 0 2 0 1 1 0 1 0-2 0",
    "M15.5 10.5a1 1 0 1 0 2 0 1 1 0 1 0-2 0",
  ],
  eye: ["M10 12a2 2 0 1 0 4 0 2 2 0 0 0-4 0", "M21 12c-2.4 4-5.4 6-9 6s-6.6-2-9-6c2.4-4 5.4-6 9-6s6.6 2 9 6"],
  "eye-off": [
    "M10.585 10.587a2 2 0 0 0 2.829 2.828",
    "M16.681 16.673A8.7 8.7 0 0 1 12 18c-3.6 0-6.6-2-9-6 1.272-2.12 2.712-3.678 4.32-4.674m2.86-1.146A9 9 0 0 1 12 6c3.6 0 6.6 2 9 6-.666 1.11-1.379 2.067-2.138 2.87",
    "M3 3l18 18",
  ],
  copy: [
    "M7 9.667A2.667 2.667 0 0 1 9.667 7h8.666A2.667 2.667 0 0 1 21 9.667v8.666A2.667 2.667 0 0 1 18.333 21H9.667A2.667 2.667 0 0 1 7 18.333z",
    "M4.012 16.737A2.005 2.005 0 0 1 3 15V5c0-1.1.9-2 2-2h10c.75 0 1.158.385 1.5 1",
  ],
  check: ["M5 12l5 5L20 7"],
  alert: ["M3 12a9 9 0 1 0 18 0 9 9 0 0 0-18 0", "M12 8v4", "M12 16h.01"],
  trash: [
    "M4 7h16",
    "M10 11v6",
    "M14 11v6",
    "M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12",
    "M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3",
  ],
  plus: ["M12 5v14", "M5 12h14"],
  search: ["M3 10a7 7 0 1 0 14 0 7 7 0 1 0-14 0", "M21 21l-6-6"],
  devices: [
    "M13 9a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-6a1 1 0 0 1-1-1z",
    "M18 8V5a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h9",
    "M16 9h2",
  ],
  layout: ["M4 4h16v16H4z", "M4 9h16", "M9 9v11"],
  circle: ["M8 12a4 4 0 1 0 8 0 4 4 0 1 0-8 0"],
  photo: [
    "M15 8h.01",
    "M3 6a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z",
    "M3 16l5-5c.928-.893 2.072-.893 3 0l5 5",
    "M14 14l1-1c.928-.893 2.072-.893 3 0l3 3",
  ],
};

const ALIASES: Record<string, string> = {
  dashboards: "dashboard",
  crm: "chart",
  bundle: "package",
  item: "box",
  items: "box",
  coupon: "ticket",
  site: "world",
  sites: "world",
  vendor: "building",
  payment: "credit-card",
  payments: "credit-card",
  quota: "coins",
  outbox: "mail",
  roles: "shield",
  permissions: "lock",
  apikey: "key",
  audit: "list",
  profile: "user",
  "shopping-cart": "cart",
  "file-invoice": "invoice",
};

/** Directional drawings that mirror right-to-left. */
const DIRECTIONAL = new Set(["chevron-right", "chevron-left", "arrow-left", "logout"]);

export const ICON_NAMES = Object.keys(PATHS);

export function Icon({ name, size = 20, className, ...rest }: { name: string; size?: number } & SVGProps<SVGSVGElement>) {
  const key = PATHS[name] ? name : (ALIASES[name] ?? "circle");
  const classes = [DIRECTIONAL.has(key) ? "icon-directional" : "", "shrink-0", className ?? ""].filter(Boolean).join(" ");
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={classes}
      data-icon={key}
      {...rest}
    >
      {PATHS[key]!.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
