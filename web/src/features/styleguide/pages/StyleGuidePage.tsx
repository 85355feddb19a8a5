import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { PageHeader } from "../../../components/PageHeader";
import { ErrorState, Loading } from "../../../components/PageStates";
import { PAGES } from "../catalogue";
import { DemoSettings } from "../demos/Sample";
import { REGISTRY } from "../registry";

type Choice<T extends string> = { value: T; label: string };

/** A pair of pressed/unpressed buttons choosing one value. */
function Toggle<T extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: T;
  choices: Choice<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="join">
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          className={`btn join-item btn-sm ${choice.value === value ? "btn-primary" : ""}`}
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}

/** The other pages of a page's group (the menu opens a group at its first page). */
function GroupPages({ group, current }: { group: (typeof PAGES)[number]["group"]; current: string }) {
  const { t } = useTranslation("styleguide");
  return (
    <nav aria-label={t("ui.groupPages", { group: t(`group.${group}`) })}>
      <ul className="flex flex-wrap gap-2">
        {PAGES.filter((candidate) => candidate.group === group).map(({ slug, path }) => (
          <li key={slug}>
            <Link
              href={path}
              className={`btn btn-sm ${path === current ? "btn-primary" : "btn-ghost"}`}
              aria-current={path === current ? "page" : undefined}
            >
              {t(`page.${slug}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const startingTheme = () => (document.documentElement.getAttribute("data-theme")?.startsWith("dark") ? "dark" : "light");
const startingDir = () => (document.documentElement.dir === "rtl" ? "rtl" : "ltr");

/**
 * A style-guide page: the entry of the registry its address names, its demo in an area whose theme and
 * direction toggle on their own (the rest of the page keeps the reader's), the components it shows and
 * the code to use them.
 */
export default function StyleGuidePage() {
  const { t } = useTranslation("styleguide");
  const [location] = useLocation();
  const [theme, setTheme] = useState<"light" | "dark">(startingTheme);
  const [dir, setDir] = useState<"ltr" | "rtl">(startingDir);
  const page = PAGES.find((candidate) => candidate.path === location);
  if (!page) return <ErrorState text={t("ui.unknownPage")} />;
  const entry = REGISTRY[page.slug];
  const Demo = entry.demo;
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <PageHeader title={t(`page.${page.slug}.title`)} subtitle={t(`group.${page.group}`)} />
      <GroupPages group={page.group} current={page.path} />
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <Toggle
              label={t("ui.theme")}
              value={theme}
              onChange={setTheme}
              choices={[
                { value: "light", label: t("ui.light") },
                { value: "dark", label: t("ui.dark") },
              ]}
            />
            <Toggle
              label={t("ui.direction")}
              value={dir}
              onChange={setDir}
              choices={[
                { value: "ltr", label: t("ui.ltr") },
                { value: "rtl", label: t("ui.rtl") },
              ]}
            />
          </div>
          <div
            data-theme={theme}
            dir={dir}
            data-testid="styleguide-demo"
            data-demo-area
            className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4 text-base-content"
          >
            <DemoSettings.Provider value={{ dir, theme }}>
              <Suspense fallback={<Loading />}>
                <Demo />
              </Suspense>
            </DemoSettings.Provider>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{t("ui.shows")}</span>
            {entry.components.length === 0 ? (
              <span className="text-base-content/70">{t("ui.daisyOnly")}</span>
            ) : (
              entry.components.map((name) => (
                <code key={name} className="badge badge-ghost font-mono" translate="no">
                  {name}
                </code>
              ))
            )}
          </div>
          <h2 className="text-base font-semibold">{t("ui.code")}</h2>
          <pre
            dir="ltr"
            translate="no"
            className="overflow-x-auto rounded-box bg-base-200 p-4 text-sm"
            tabIndex={0}
            aria-label={t("ui.code")}
          >
            <code>{entry.snippet}</code>
          </pre>
        </div>
      </div>
    </section>
  );
}
