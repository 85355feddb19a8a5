import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { FileField, SelectField, TextAreaField, ToggleField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { ImageField } from "../../../components/ImageField";
import { ApiError } from "../../../lib/api";
import { formatCount } from "../../../lib/format";
import { rules, useForm } from "../../../lib/form";
import { createSite, createVendor, submitTestJob } from "../api";
import { Wizard, type WizardStep } from "../components/Wizard";
import { wholeNumber } from "../lib";

interface ListingValues {
  siteName: string;
  siteDesc: string;
  sitePrice: string;
  siteIsUse: boolean;
  siteImageNew: File | null;
  vendorName: string;
  loginMethod: "cookie" | "email";
  vendorValue: string;
  vendorEmail: string;
  vendorPassword: string;
  vendorIsActive: boolean;
  testJob: boolean;
  testFile: File | null;
}

const EMPTY: ListingValues = {
  siteName: "",
  siteDesc: "",
  sitePrice: "",
  siteIsUse: true,
  siteImageNew: null,
  vendorName: "",
  loginMethod: "cookie",
  vendorValue: "",
  vendorEmail: "",
  vendorPassword: "",
  vendorIsActive: true,
  testJob: false,
  testFile: null,
};

const DOCUMENTS =
  ".pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain";

/** What the last step has made so far: Finish again makes only the rest (decision 0021). */
interface Made {
  site?: { siteId: number; siteName: string };
  vendor?: boolean;
  job?: boolean;
}

/**
 * A new site as a wizard (issue 43): the site with its image and price → its first vendor account →
 * optionally a test job → review. Finish creates them in that order (each needs the one before) and opens
 * the site in the sites list; a failure says which part failed and what exists, and Finish again goes on
 * from there instead of making a second site.
 */
export default function PropertyListingWizardPage() {
  const { t } = useTranslation("wizards");
  const [, navigate] = useLocation();
  const [made, setMade] = useState<Made>({});
  const required = rules.required;
  const form = useForm<ListingValues>(EMPTY, {
    siteName: { label: t("listing.siteName"), check: required },
    siteDesc: { label: t("listing.siteDesc"), check: required },
    sitePrice: { label: t("listing.sitePrice"), check: wholeNumber(0, 1_000_000) },
    siteIsUse: { label: t("listing.siteIsUse") },
    siteImageNew: { label: t("listing.siteImage"), check: required },
    vendorName: { label: t("listing.vendorName"), check: required },
    loginMethod: { label: t("listing.loginMethod") },
    vendorValue: {
      label: t("listing.vendorValue"),
      check: (value, v) => (v.loginMethod === "cookie" ? required(value) : undefined),
    },
    vendorEmail: {
      label: t("listing.vendorEmail"),
      check: (value, v) => (v.loginMethod === "email" ? rules.email(value) : undefined),
    },
    vendorPassword: {
      label: t("listing.vendorPassword"),
      check: (value, v) => (v.loginMethod === "email" ? required(value) : undefined),
    },
    vendorIsActive: { label: t("listing.vendorIsActive") },
    testJob: { label: t("listing.testJob") },
    testFile: { label: t("listing.testFile"), check: (value, v) => (v.testJob ? required(value) : undefined) },
  });
  const v = form.values;

  /** Names the part that failed and what exists, keeping a field error on its field. */
  const failedAt = (part: "site" | "vendor" | "job", error: unknown, sofar: Made): never => {
    const exists = [sofar.site && t("listing.madeSite", { name: sofar.site.siteName }), sofar.vendor && t("listing.madeVendor")]
      .filter(Boolean)
      .join(" ");
    const reason = error instanceof Error ? error.message : "";
    const text = t(`listing.failed_${part}`, { reason }) + (exists ? ` ${exists} ${t("listing.finishAgain")}` : "");
    if (error instanceof ApiError && error.field) throw new ApiError(error.status, error.code, text, error.field, error.reason);
    throw new ApiError(error instanceof ApiError ? error.status : 0, "wizard_part_failed", text);
  };

  async function finish(values: ListingValues) {
    const sofar: Made = { ...made };
    if (!sofar.site) {
      try {
        const { site } = await createSite({
          siteName: values.siteName,
          siteDesc: values.siteDesc,
          sitePrice: Number(values.sitePrice),
          siteIsUse: values.siteIsUse,
          siteImageNew: values.siteImageNew ?? undefined,
        });
        sofar.site = { siteId: site.siteId, siteName: site.siteName };
        setMade({ ...sofar });
      } catch (error) {
        failedAt("site", error, sofar);
      }
    }
    const siteId = sofar.site!.siteId;
    if (!sofar.vendor) {
      try {
        const base = { vendorId: 0, vendorSiteID: siteId, vendorName: values.vendorName, vendorIsActive: values.vendorIsActive };
        await createVendor(
          values.loginMethod === "cookie"
            ? { ...base, loginMethod: "cookie", vendorValue: values.vendorValue }
            : { ...base, loginMethod: "email", vendorEmail: values.vendorEmail, vendorPassword: values.vendorPassword },
        );
        sofar.vendor = true;
        setMade({ ...sofar });
      } catch (error) {
        failedAt("vendor", error, sofar);
      }
    }
    if (values.testJob && values.testFile && !sofar.job) {
      try {
        await submitTestJob(siteId, values.testFile);
        sofar.job = true;
        setMade({ ...sofar });
      } catch (error) {
        failedAt("job", error, sofar);
      }
    }
    navigate(`/portal/site?search=${encodeURIComponent(sofar.site!.siteName)}`);
    return t("listing.done", { name: sofar.site!.siteName });
  }

  const steps: WizardStep<ListingValues>[] = [
    {
      id: "site",
      title: t("listing.stepSite"),
      fields: ["siteName", "siteDesc", "sitePrice", "siteImageNew"],
      content: (
        <>
          <ImageField
            form={form}
            name="siteImageNew"
            hint={t("listing.imageHint")}
            previewAlt={t("listing.imagePreview")}
            current={null}
          />
          <TextField form={form} name="siteName" />
          <TextAreaField form={form} name="siteDesc" rows={3} />
          <TextField form={form} name="sitePrice" type="number" inputMode="numeric" min={0} hint={t("listing.priceHint")} />
          <ToggleField form={form} name="siteIsUse" />
        </>
      ),
    },
    {
      id: "vendor",
      title: t("listing.stepVendor"),
      fields: ["vendorName", "vendorValue", "vendorEmail", "vendorPassword"],
      content: (
        <>
          <TextField form={form} name="vendorName" />
          <SelectField form={form} name="loginMethod">
            <option value="cookie">{t("listing.cookie")}</option>
            <option value="email">{t("listing.email")}</option>
          </SelectField>
          {v.loginMethod === "cookie" ? (
            <TextAreaField form={form} name="vendorValue" rows={3} autoComplete="off" spellCheck={false} />
          ) : (
            <>
              <TextField form={form} name="vendorEmail" type="email" autoComplete="off" />
              <TextField form={form} name="vendorPassword" type="password" autoComplete="new-password" />
            </>
          )}
          <ToggleField form={form} name="vendorIsActive" />
        </>
      ),
    },
    {
      id: "job",
      title: t("listing.stepJob"),
      fields: ["testFile"],
      content: (
        <>
          <p className="text-sm text-base-content/70">{t("listing.jobHelp")}</p>
          <ToggleField form={form} name="testJob" />
          {v.testJob && <FileField form={form} name="testFile" accept={DOCUMENTS} hint={t("listing.testFileHint")} />}
        </>
      ),
    },
    {
      id: "review",
      title: t("listing.stepReview"),
      content: (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-box bg-base-200 p-4 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{t("listing.stepSite")}</dt>
          <dd className="break-words">
            {v.siteName} · {formatCount("points", Number(v.sitePrice))} ·{" "}
            {v.siteIsUse ? t("listing.inUse") : t("listing.notInUse")}
          </dd>
          <dt className="font-medium">{t("listing.stepVendor")}</dt>
          <dd className="break-words">
            {v.vendorName} · {t(`listing.${v.loginMethod}`)}
          </dd>
          <dt className="font-medium">{t("listing.stepJob")}</dt>
          <dd className="break-words">{v.testJob && v.testFile ? v.testFile.name : t("listing.noJob")}</dd>
        </dl>
      ),
    },
  ];

  const notice = made.site ? (
    <p role="status" className="alert alert-info alert-soft">
      {[t("listing.madeSite", { name: made.site.siteName }), made.vendor && t("listing.madeVendor"), t("listing.finishAgain")]
        .filter(Boolean)
        .join(" ")}
    </p>
  ) : null;

  return (
    <section className="card mx-auto w-full max-w-3xl bg-base-100 shadow-sm">
      <div className="card-body">
        <h1 className="card-title text-2xl">{t("listing.title")}</h1>
        <Wizard
          form={form}
          steps={steps}
          label={t("listing.title")}
          finishLabel={t("listing.finish")}
          onFinish={finish}
          notice={notice}
        />
      </div>
    </section>
  );
}
