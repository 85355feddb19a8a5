import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { User } from "../types";
import { AddressDialog } from "./AddressDialog";

interface Props {
  user: User;
  canEdit: boolean;
  /** The user as the save answered it. */
  onSaved: (user: User) => void;
}

/** The user view's postal address, with its edit dialog for those who may update users. */
export function AddressCard({ user, canEdit, onSaved }: Props) {
  const { t } = useTranslation("users");
  const [editing, setEditing] = useState(false);
  const cityLine = [user.userPostalCode, user.userCity].filter(Boolean).join(" ");
  const lines = [user.userAddressLine1, user.userAddressLine2, cityLine, user.userCountry].filter(Boolean);
  return (
    <section className="card bg-base-100 shadow-sm" aria-label={t("address")}>
      <div className="card-body gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 className="card-title text-base">{t("address")}</h2>
          {canEdit && (
            <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
              {lines.length ? t("addressEdit") : t("addressAdd")}
            </button>
          )}
        </div>
        {lines.length ? (
          <address className="text-start text-sm not-italic break-words">
            {lines.map((line, index) => (
              <span key={index} className="block">
                {/* Each line in its own direction (a Latin address on an Arabic page), aligned with the page. */}
                <bdi>{line}</bdi>
              </span>
            ))}
          </address>
        ) : (
          <p className="text-sm text-base-content/70">{t("addressEmpty")}</p>
        )}
      </div>
      {editing && (
        <AddressDialog
          user={user}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            onSaved(saved);
          }}
        />
      )}
    </section>
  );
}
