import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { BuyButtons } from "../../../components/BuyButtons";
import { CopyButton } from "../../../components/CopyButton";
import { FormError, SubmitButton } from "../../../components/FormField";
import { Icon } from "../../../components/Icon";
import { ErrorState, Loading } from "../../../components/PageStates";
import { RangePicker } from "../../../components/RangePicker";
import { RowActions } from "../../../components/RowActions";
import { formatCount } from "../../../lib/format";
import { useSnackbar } from "../../../lib/snackbar";
import { Thumbnail } from "../../../components/Thumbnail";
import { UploadProgress, useUpload } from "../../../components/UploadProgress";
import { Sample, Samples } from "./Sample";

/** Written out in full so Tailwind sees every class. */
const TONE_CLASSES = {
  info: { alert: "alert-info", badge: "badge-info" },
  success: { alert: "alert-success", badge: "badge-success" },
  warning: { alert: "alert-warning", badge: "badge-warning" },
  error: { alert: "alert-error", badge: "badge-error" },
} as const;
const TONES = Object.keys(TONE_CLASSES) as (keyof typeof TONE_CLASSES)[];

/** Alerts: the form-level error, the page's error state with a retry, and the status tones. */
export function AlertDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("state.error")}>
        <FormError text={t("demo.saveFailed")} />
      </Sample>
      <Sample label={t("state.errorRetry")}>
        <ErrorState text={t("demo.loadFailed")} onRetry={() => undefined} />
      </Sample>
      <Sample label={t("state.tones")} wide>
        {TONES.map((tone) => (
          <div key={tone} role="note" className={`alert alert-soft ${TONE_CLASSES[tone].alert}`}>
            {t(`tone.${tone}`)}
          </div>
        ))}
      </Sample>
    </Samples>
  );
}

/** Avatars: a picture, and the initials placeholder in its name's colour. */
export function AvatarDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("state.placeholder")}>
        <div className="flex flex-wrap gap-3">
          {["Ada Lovelace", "Grace Hopper", "Alan Turing", "مريم"].map((name) => (
            <Thumbnail key={name} src={null} name={name} className="h-12 w-12 rounded-full" />
          ))}
        </div>
      </Sample>
      <Sample label={t("state.sizes")}>
        <div className="flex flex-wrap items-end gap-3">
          <Thumbnail src={null} name="Edge Portal" className="h-8 w-8 rounded-full" textClass="text-xs" />
          <Thumbnail src={null} name="Edge Portal" className="h-12 w-12 rounded-box" />
          <Thumbnail src={null} name="Edge Portal" className="h-20 w-20 rounded-box" textClass="text-2xl" />
        </div>
      </Sample>
    </Samples>
  );
}

/** Badges: the active/inactive status badge, in the common words or the caller's. */
export function BadgeDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("state.active")}>
        <ActiveBadge active />
      </Sample>
      <Sample label={t("state.inactive")}>
        <ActiveBadge active={false} />
      </Sample>
      <Sample label={t("state.ownWords")}>
        <div className="flex gap-2">
          <ActiveBadge active activeText={t("demo.inUse")} />
          <ActiveBadge active={false} inactiveText={t("demo.paused")} />
        </div>
      </Sample>
    </Samples>
  );
}

/** Buttons: submit (idle, sending, disabled), copy, row actions and the shop card's buy buttons. */
export function ButtonDemo() {
  const { t } = useTranslation("styleguide");
  const [days, setDays] = useState(30);
  const [pending, setPending] = useState<number | null>(null);
  const actions = { pending, addToCart: async () => undefined, buyNow: async (refId: number) => setPending(refId) };
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <form onSubmit={(event) => event.preventDefault()}>
          <SubmitButton sending={false}>{t("demo.save")}</SubmitButton>
        </form>
      </Sample>
      <Sample label={t("state.sending")}>
        <SubmitButton sending>{t("demo.save")}</SubmitButton>
      </Sample>
      <Sample label={t("state.disabled")}>
        <SubmitButton sending={false} disabled>
          {t("demo.save")}
        </SubmitButton>
      </Sample>
      <Sample label={t("state.copy")}>
        <CopyButton text="PAY-2026-0042" label={t("demo.copyReference")} />
      </Sample>
      <Sample label={t("state.rowActions")}>
        <RowActions onEdit={() => undefined} onDelete={() => undefined} />
      </Sample>
      <Sample label={t("state.rangePicker")}>
        <RangePicker
          ranges={[7, 30, 90]}
          value={days}
          onChange={setDays}
          label={t("demo.period")}
          name={(range) => formatCount("days", range)}
        />
      </Sample>
      <Sample label={pending === null ? t("state.default") : t("state.pending")}>
        <div className="flex flex-wrap gap-2">
          <BuyButtons refId={7} actions={actions} addText={t("demo.addToCart")} buyText={t("demo.buy")} />
          {pending !== null && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPending(null)}>
              {t("demo.reset")}
            </button>
          )}
        </div>
      </Sample>
    </Samples>
  );
}

/** Chips: soft badges as the toolbar's active filters would show them, removable. */
export function ChipDemo() {
  const { t } = useTranslation("styleguide");
  const [chips, setChips] = useState(["active", "client", "paid"]);
  return (
    <Samples>
      <Sample label={chips.length ? t("state.default") : t("state.empty")}>
        <div className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <span key={chip} className="badge badge-soft badge-primary gap-1">
              {t(`chip.${chip}`)}
              <button
                type="button"
                className="btn btn-ghost btn-circle btn-xs"
                aria-label={t("demo.remove", { name: t(`chip.${chip}`) })}
                onClick={() => setChips((list) => list.filter((other) => other !== chip))}
              >
                <Icon name="x" size={12} />
              </button>
            </span>
          ))}
          {chips.length === 0 && <span className="text-sm text-base-content/70">{t("demo.noFilters")}</span>}
        </div>
      </Sample>
      <Sample label={t("state.tones")}>
        <div className="flex flex-wrap gap-2">
          {TONES.map((tone) => (
            <span key={tone} className={`badge badge-soft ${TONE_CLASSES[tone].badge}`}>
              {t(`tone.${tone}`)}
            </span>
          ))}
        </div>
      </Sample>
    </Samples>
  );
}

/** Tooltips: daisyUI's, on icon buttons (their label stays the accessible name). */
export function TooltipDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <div className="flex gap-4 pt-8">
          <span className="tooltip" data-tip={t("demo.download")}>
            <button type="button" className="btn btn-circle btn-ghost" aria-label={t("demo.download")}>
              <Icon name="download" />
            </button>
          </span>
          <span className="tooltip tooltip-open tooltip-bottom" data-tip={t("demo.delete")}>
            <button type="button" className="btn btn-circle btn-ghost text-error" aria-label={t("demo.delete")}>
              <Icon name="trash" />
            </button>
          </span>
        </div>
      </Sample>
      <Sample label={t("state.disabled")}>
        <span className="tooltip" data-tip={t("demo.notAllowed")}>
          <button type="button" className="btn" disabled>
            {t("demo.delete")}
          </button>
        </span>
      </Sample>
    </Samples>
  );
}

/** The circular progress: the page's loading state. */
export function ProgressCircularDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("state.loading")}>
        <Loading />
      </Sample>
      <Sample label={t("state.ownWords")}>
        <Loading label={t("demo.preparing")} />
      </Sample>
    </Samples>
  );
}

/** The linear progress: an upload's bar, run by useUpload. */
export function ProgressLinearDemo() {
  const { t } = useTranslation("styleguide");
  const upload = useUpload();
  const simulate = () =>
    upload.run(
      (onProgress) =>
        new Promise<void>((done) => {
          let fraction = 0;
          const timer = setInterval(() => {
            fraction += 0.2;
            onProgress(Math.min(fraction, 1));
            if (fraction >= 1) {
              clearInterval(timer);
              done();
            }
          }, 300);
        }),
    );
  return (
    <Samples>
      <Sample label={t("state.partial")}>
        <UploadProgress progress={0.4} label={t("demo.uploading")} />
      </Sample>
      <Sample label={t("state.done")}>
        <UploadProgress progress={1} label={t("demo.uploading")} />
      </Sample>
      <Sample label={t("state.live")} wide>
        <button
          type="button"
          className="btn btn-sm self-start"
          onClick={() => void simulate()}
          disabled={upload.progress !== null}
        >
          {t("demo.upload")}
        </button>
        <UploadProgress progress={upload.progress} label={t("demo.uploading")} />
      </Sample>
    </Samples>
  );
}

/** The snackbar: one message at a time for 3000 ms, in its tones. */
export function SnackbarDemo() {
  const { t } = useTranslation("styleguide");
  const snackbar = useSnackbar();
  return (
    <Samples>
      <Sample label={t("state.tones")} wide>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-success btn-sm" onClick={() => snackbar.success(t("demo.saved"))}>
            {t("tone.success")}
          </button>
          <button type="button" className="btn btn-error btn-sm" onClick={() => snackbar.error(t("demo.saveFailed"))}>
            {t("tone.error")}
          </button>
          <button type="button" className="btn btn-info btn-sm" onClick={() => snackbar.info(t("demo.newVersion"))}>
            {t("tone.info")}
          </button>
        </div>
      </Sample>
    </Samples>
  );
}
