import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { PageHeader } from "../../../components/PageHeader";
import { ErrorState, Loading } from "../../../components/PageStates";
import { fetchStoreSettings, STORE_SETTINGS_KEY, type StoreSettings } from "../api";
import { SectionForm } from "../components/SectionForm";
import { TABS, type Tab } from "../components/sections";

/**
 * /apps/ecommerce/settings: the store settings an admin keeps in D1 (docs/decisions/0019-store-settings.md),
 * one tab per section. Every section's form stays mounted, so what was typed in one survives a look at another.
 */
export default function StoreSettingsPage() {
  const { t } = useTranslation("storesettings");
  const [tab, setTab] = useState<Tab>("store");
  const { data, error, isLoading, mutate } = useSWR(STORE_SETTINGS_KEY, fetchStoreSettings);
  const onSaved = (settings: StoreSettings) => void mutate({ settings }, { revalidate: false });

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {isLoading && <Loading />}
      {error && !data && <ErrorState text={t("loadFailed")} onRetry={() => void mutate()} />}
      {data && (
        <>
          <nav aria-label={t("tabsLabel")} className="max-w-full overflow-x-auto">
            <div role="tablist" className="tabs tabs-box w-max flex-nowrap bg-base-100">
              {TABS.map((name) => (
                <button
                  key={name}
                  type="button"
                  role="tab"
                  id={`store-settings-tab-${name}`}
                  aria-selected={tab === name}
                  aria-controls={`store-settings-panel-${name}`}
                  className={`tab ${tab === name ? "tab-active" : "text-base-content"}`}
                  onClick={() => setTab(name)}
                >
                  {t(`tab.${name}`)}
                </button>
              ))}
            </div>
          </nav>
          {TABS.map((name) => (
            <div
              key={name}
              role="tabpanel"
              id={`store-settings-panel-${name}`}
              aria-labelledby={`store-settings-tab-${name}`}
              hidden={tab !== name}
            >
              <SectionForm tab={name} settings={data.settings} onSaved={onSaved} />
            </div>
          ))}
        </>
      )}
    </section>
  );
}
