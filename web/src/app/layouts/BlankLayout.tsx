import type { ReactNode } from "react";

/** Pages without menus (sign-in, errors): the page fills the screen. Kept tiny: it is in the first load. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-base-200">{children}</div>;
}
