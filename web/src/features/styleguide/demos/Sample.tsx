import { createContext, useContext, type ReactNode } from "react";

/** The demo area's direction and theme, for components that take them as props (a chart's `rtl`). */
export const DemoSettings = createContext<{ dir: "ltr" | "rtl"; theme: "light" | "dark" }>({ dir: "ltr", theme: "light" });

export const useDemoSettings = () => useContext(DemoSettings);

/** One state of a component, captioned (default, loading, empty, error, disabled…). */
export function Sample({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <figure className={`flex min-w-0 flex-col gap-3 rounded-box border border-base-300 p-4 ${wide ? "md:col-span-2" : ""}`}>
      <figcaption className="text-xs font-semibold tracking-wide text-base-content/70 uppercase">{label}</figcaption>
      {children}
    </figure>
  );
}

/** The states of a demo side by side: two columns from the md breakpoint, one on a phone. */
export function Samples({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 md:grid-cols-2">{children}</div>;
}
