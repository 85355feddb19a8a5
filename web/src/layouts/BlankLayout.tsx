import type { ReactNode } from "react";

export function BlankLayout({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-base-200">{children}</div>;
}
