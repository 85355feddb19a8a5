import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useLocation, useParams } from "wouter";
import { useSession } from "../../../providers/session";
import { useConfirm } from "../../../components/ConfirmDialog";
import { ErrorState, Loading } from "../../../components/PageStates";
import { useSnackbar } from "../../../lib/snackbar";
import { useFocusBackAfterFailure } from "../../../hooks/useFocusBackAfterFailure";
import { ApiError } from "../../../lib/api";
import { formatCount, formatDate, formatMoney } from "../../../lib/format";
import { checkout } from "../../../lib/cart";
import { roleLabel } from "../../../lib/roles";
import { changePlan, fetchMe, quotePlanChange } from "../api";
import { EditProfileDialog } from "../components/EditProfileDialog";
import { UpgradeDialog, type UpgradeChoice } from "../components/UpgradeDialog";
import { InviteCard } from "../components/InviteCard";
import { ConnectionsTab, ProjectsTab, TeamsTab, UnknownTab } from "../components/ProfileTabs";

/** The template's tabs (issue 43) and the plan; any other tab answers not-found. */
const TABS = ["profile", "teams", "projects", "connections", "plan"] as const;

export default function ProfilePage() {
  const { t } = useTranslation("profile");
  const params = useParams<{ tab?: string }>();
  const [location, navigate] = useLocation();
  const { ability, updateUserData } = useSession();
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const me = useSWR("profile-me", fetchMe);
  const [dialog, setDialog] = useState<"edit" | "upgrade" | null>(null);
  const [buying, setBuying] = useState(false);
  const upgradeButton = useRef<HTMLButtonElement>(null);
  // Counts failed purchases: each one gives the keyboard back to Upgrade.
  const [buyFailures, setBuyFailures] = useState(0);
  const onTabs = location.startsWith("/pages/user-profile");
  const tab = onTabs ? (TABS.find((x) => x === params.tab) ?? null) : "profile";
  useFocusBackAfterFailure(upgradeButton, buyFailures);

  if (me.error && !me.data) return <ErrorState onRetry={() => void me.mutate()} />;
  if (!me.data) return <Loading />;
  const user = me.data.userData;
  const canEdit = ability.can("update", "Profile");
  const canBuy = ability.can("create", "Payment");

  /** A plan change: the prorated price is asked first and shown in the confirmation, before any payment. */
  async function switchPlan(choice: Extract<UpgradeChoice, { kind: "change" }>) {
    setBuying(true);
    try {
      const quote = await quotePlanChange(choice.subscriptionId, choice.refId);
      const ok = await confirm({
        title: t("switchTitle"),
        text: [
          t("switchPrice", { name: choice.label, price: formatMoney(quote.price) }),
          t("switchCredit", { count: quote.daysLeft, name: choice.fromLabel, credit: formatMoney(quote.credit) }),
          t("switchAmount", { amount: formatMoney(quote.amount) }),
          quote.points > 0 ? t("switchPoints", { points: formatCount("points", quote.points) }) : "",
        ]
          .filter(Boolean)
          .join(" "),
        confirmText: quote.amount > 0 ? t("confirmBuy") : t("switchNow"),
        tone: "primary",
      });
      if (!ok) return;
      const answer = await changePlan(choice.subscriptionId, choice.refId);
      snackbar.success(answer.message);
      if (answer.amount > 0) navigate(`/payment/${answer.referenceId}`);
      else void me.mutate();
    } catch (error) {
      setBuyFailures((count) => count + 1);
      snackbar.error(t("checkoutFailed") + (error instanceof ApiError ? error.message : ""));
    } finally {
      setBuying(false);
    }
  }

  async function buy(choice: UpgradeChoice) {
    setDialog(null);
    if (choice.kind === "change") return switchPlan(choice);
    const ok = await confirm({
      title: t("confirmTitle"),
      text: t("confirmText", { name: choice.label }),
      confirmText: t("confirmBuy"),
      tone: "primary",
    });
    if (!ok) return;
    setBuying(true);
    try {
      const answer = await checkout({ kind: choice.kind, refId: choice.refId });
      snackbar.success(answer.message);
      navigate(`/payment/${answer.referenceId}`);
    } catch (error) {
      setBuyFailures((count) => count + 1);
      snackbar.error(t("checkoutFailed") + (error instanceof ApiError ? error.message : ""));
    } finally {
      setBuying(false);
    }
  }

  const facts: [string, string][] = [
    [t("email"), user.userEmail],
    [t("phone"), user.userPhone || "—"],
    [t("role"), roleLabel(user.role)],
    [t("emailVerified"), user.emailVerified ? t("yes") : t("no")],
    [t("twoFactor"), user.twoFactorEnabled ? t("on") : t("off")],
  ];

  const planCard = (
    <section className="card bg-base-100 shadow-sm" aria-label={t("plan")}>
      <div className="card-body gap-3">
        <h2 className="card-title">{t("plan")}</h2>
        <p>{user.userPlan ? t("currentPlan", { name: user.userPlan }) : t("noPlan")}</p>
        <p>{t("balance", { points: formatCount("points", user.userQuota) })}</p>
        {canBuy && (
          <button
            ref={upgradeButton}
            type="button"
            className="btn btn-primary self-start"
            disabled={buying}
            onClick={() => setDialog("upgrade")}
          >
            {buying && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("upgrade")}
          </button>
        )}
      </div>
    </section>
  );

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      {onTabs && (
        <div role="tablist" className="tabs tabs-border">
          {TABS.map((name) => (
            <Link
              key={name}
              role="tab"
              href={`/pages/user-profile/${name}`}
              className={`tab ${tab === name ? "tab-active" : "text-base-content"}`}
              aria-selected={tab === name}
            >
              {t(`tab_${name}`)}
            </Link>
          ))}
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        {(!onTabs || tab === "profile") && (
          <section className="card bg-base-100 shadow-sm" aria-label={t("title")}>
            <div className="card-body items-center gap-3 text-center">
              <div className="avatar avatar-placeholder">
                <div className="w-24 rounded-full bg-base-300">
                  {user.userImage ? (
                    <img src={user.userImage} alt="" />
                  ) : (
                    <span className="text-3xl">{user.userName.slice(0, 1)}</span>
                  )}
                </div>
              </div>
              <h2 className="text-xl font-semibold">{user.userName}</h2>
              <dl className="w-full text-start text-sm">
                {facts.map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-2 border-b border-base-200 py-1">
                    <dt className="text-base-content/70">{label}</dt>
                    <dd className="truncate">{value}</dd>
                  </div>
                ))}
              </dl>
              <p className="text-xs text-base-content/70">{t("memberSince", { date: formatDate(user.createdAt) })}</p>
              {canEdit && (
                <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog("edit")}>
                  {t("editInfo")}
                </button>
              )}
            </div>
          </section>
        )}
        {(!onTabs || tab === "plan") && <div className="lg:col-span-2">{planCard}</div>}
        {(!onTabs || tab === "profile") && ability.can("read", "Referral") && <InviteCard />}
        {tab === "teams" && <TeamsTab />}
        {tab === "projects" && <ProjectsTab />}
        {tab === "connections" && <ConnectionsTab />}
        {tab === null && <UnknownTab tabs={TABS} />}
      </div>
      {dialog === "edit" && (
        <EditProfileDialog
          user={user}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            updateUserData({ userName: saved.userName, userImage: saved.userImage });
            setDialog(null);
            void me.mutate();
          }}
        />
      )}
      {dialog === "upgrade" && <UpgradeDialog onClose={() => setDialog(null)} onChoose={(c) => void buy(c)} />}
    </div>
  );
}
