import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { SEARCH_DELAY_MS } from "../../../components/ListToolbar";
import { searchClients } from "../api";

/** Staff narrow the calendar to one client: a search, then a choice among the matches. */
export function ClientFilter({ value, onChange }: { value: string; onChange: (userId: string) => void }) {
  const { t } = useTranslation("calendar");
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const clients = useSWR(["calendar-clients", search], () => searchClients(search));

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-semibold">{t("client")}</legend>
      <input
        type="search"
        className="input input-sm w-full"
        aria-label={t("findClient")}
        placeholder={t("findClient")}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <select
        className="select select-sm w-full"
        aria-label={t("client")}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t("allClients")}</option>
        {clients.data?.data.map((user) => (
          <option key={user.userId} value={String(user.userId)}>
            {user.userName} — {user.userEmail}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
