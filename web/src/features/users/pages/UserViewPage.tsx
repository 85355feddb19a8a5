import { useState } from "react";
import { useTranslation } from "react-i18next";
import { roleLabel } from "../../../lib/roles";
import useSWR, { useSWRConfig } from "swr";
import { Link, useParams } from "wouter";
import { useSession } from "../../../providers/session";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { useConfirm } from "../../../components/ConfirmDialog";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { useSnackbar } from "../../../lib/snackbar";
import { UserDrawer } from "../../../components/UserDrawer";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { ROLE_OPTIONS_KEY, searchRoleOptions } from "../api";
import { resetTwoFactor } from "../api";
import { updateUser } from "../api";
import { panelCalls } from "../api";
import { AddressCard } from "../components/AddressCard";
import { Avatar } from "../components/Avatar";
import { UpgradePlanDialog } from "../components/UpgradePlanDialog";
import { ViewAsDialog } from "../components/ViewAsDialog";
import { JobsPanel, PaymentsPanel, QuotaPanel, SessionsPanel, SubscriptionsPanel } from "../components/UserPanels";
import { useUserSave } from "../components/useUserSave";
import type { User } from "../types";

export default function UserViewPage() {
  const { t } = useTranslation("users");
  const params = useParams<{ id: string }>();
  const userId = Number(params.id);
  const { ability } = useSession();
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const afterSave = useUserSave();
  const user = useSWR(Number.isInteger(userId) && userId > 0 ? ["user-view", userId] : null, () => panelCalls.user(userId));
  const canEdit = ability.can("update", "User");
  const roles = useSWR(canEdit ? ROLE_OPTIONS_KEY : null, searchRoleOptions);
  const [editing, setEditing] = useState(false);
  const [upgrading, setUpgrading] = useState(false);
  const [viewingAs, setViewingAs] = useState(false);
  const { mutate } = useSWRConfig();
  const canGrant = ability.can("update", "Payment");
  const canViewAs = ability.can("impersonate", "User");

  if (user.error && !user.data) return <ErrorState onRetry={() => void user.mutate()} />;
  if (user.data === undefined && user.isLoading) return <Loading />;
  const u = user.data;
  if (!u) {
    return (
      <Empty text={t("notFound")}>
        <Link href="/portal/user" className="btn btn-sm">
          {t("back")}
        </Link>
      </Empty>
    );
  }

  async function toggleActive(current: User) {
    if (current.userIsActive) {
      const ok = await confirm({
        title: t("deactivateTitle", { name: current.userName }),
        text: t("deactivateText"),
        confirmText: t("deactivate"),
      });
      if (!ok) return;
    }
    try {
      const answer = await updateUser({
        userId: current.userId,
        userName: current.userName,
        userEmail: current.userEmail,
        userPhone: current.userPhone,
        userPW: "",
        userIsActive: !current.userIsActive,
      });
      snackbar.success(answer.message);
      await user.mutate(answer.user, { revalidate: false });
    } catch (error) {
      afterSave.failed(error instanceof ApiError ? error.message : "");
    }
  }

  async function reset2fa(current: User) {
    if (!(await confirm({ title: t("resetTwoFactorTitle"), text: t("resetTwoFactorText"), confirmText: t("resetTwoFactor") })))
      return;
    try {
      snackbar.success((await resetTwoFactor(current.userId)).message);
      await user.mutate();
    } catch (error) {
      snackbar.error(t("actionFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }

  const facts: [string, string][] = [
    [t("email"), u.userEmail],
    [t("phone"), u.userPhone || "—"],
    [t("role"), roleLabel(u.userRole)],
    [t("plan"), u.userPlan ?? t("noPlan")],
    [t("joined"), formatDate(u.createdAt)],
    [t("emailVerified"), u.emailVerified ? t("yes") : t("no")],
    [t("twoFactor"), u.twoFactorEnabled ? t("on") : t("off")],
  ];

  return (
    <div className="flex flex-col gap-4">
      <Link href="/portal/user" className="link link-hover text-sm">
        <span className="icon-directional inline-block" aria-hidden="true">
          ‹
        </span>{" "}
        {t("back")}
      </Link>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4">
          <section className="card bg-base-100 shadow-sm" aria-label={t("profile")}>
            <div className="card-body items-center gap-3 text-center">
              <Avatar name={u.userName} image={u.userImage} size="w-24" />
              <h1 className="text-xl font-semibold">{u.userName}</h1>
              <ActiveBadge active={u.userIsActive} activeText={t("active")} inactiveText={t("inactive")} />
              <dl className="w-full text-start text-sm">
                {facts.map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-2 border-b border-base-200 py-1">
                    <dt className="text-base-content/70">{label}</dt>
                    <dd className="truncate">{value}</dd>
                  </div>
                ))}
              </dl>
              {canEdit && (
                <div className="flex w-full flex-col gap-2" aria-label={t("adminActions")}>
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing(true)}>
                    {t("edit")}
                  </button>
                  {canGrant && (
                    <button type="button" className="btn btn-sm" onClick={() => setUpgrading(true)}>
                      {t("upgradePlan")}
                    </button>
                  )}
                  <button type="button" className="btn btn-sm" onClick={() => void toggleActive(u)}>
                    {u.userIsActive ? t("deactivate") : t("activate")}
                  </button>
                  {u.twoFactorEnabled && (
                    <button type="button" className="btn btn-sm" onClick={() => void reset2fa(u)}>
                      {t("resetTwoFactor")}
                    </button>
                  )}
                </div>
              )}
              {canViewAs && u.userRole === "client" && u.userIsActive && (
                <button type="button" className="btn btn-outline btn-sm w-full" onClick={() => setViewingAs(true)}>
                  {t("viewAs.button")}
                </button>
              )}
            </div>
          </section>
          <AddressCard user={u} canEdit={canEdit} onSaved={(saved) => void user.mutate(saved, { revalidate: false })} />
          <QuotaPanel userId={u.userId} canAdjust={ability.can("update", "Quota")} onChanged={() => void user.mutate()} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <SubscriptionsPanel userId={u.userId} />
          <JobsPanel userId={u.userId} />
          <PaymentsPanel userId={u.userId} />
          <SessionsPanel userId={u.userId} canRevoke={ability.can("manage", "User")} />
        </div>
      </div>
      {upgrading && (
        <UpgradePlanDialog
          user={u}
          onClose={() => setUpgrading(false)}
          onGranted={() => {
            setUpgrading(false);
            // The plan, the subscriptions and the payments change.
            for (const key of ["user-view", "user-subscriptions", "user-payments"]) void mutate([key, u.userId]);
          }}
        />
      )}
      {viewingAs && <ViewAsDialog user={u} onClose={() => setViewingAs(false)} />}
      {editing && (
        <UserDrawer
          user={u}
          roles={roles.data?.data ?? []}
          save={updateUser}
          onClose={() => setEditing(false)}
          onSaved={(answer) => {
            afterSave.saved(answer, u);
            setEditing(false);
            void user.mutate(answer.user, { revalidate: false });
          }}
        />
      )}
    </div>
  );
}
