import type { ReactNode } from "react";

interface Props {
  title: string;
  subtitle?: string;
  /** The page's main action (an "add" button) or filters, at the end of the header. */
  children?: ReactNode;
}

/** A page's title, subtitle and main action, as every admin page shows them. */
export function PageHeader({ title, subtitle, children }: Props) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-2">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {subtitle && <p className="text-base-content/70">{subtitle}</p>}
      </div>
      {children}
    </header>
  );
}
