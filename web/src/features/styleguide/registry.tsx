import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { Slug } from "./catalogue";

/** What a style-guide page shows: the components (exports of web/src/components), a live demo and the code to use them. */
export interface Entry {
  components: readonly string[];
  demo: LazyExoticComponent<ComponentType>;
  snippet: string;
}

/** A demo component of a lazily loaded demo module (one chunk per kind of component). */
function demo<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const feedback = () => import("./demos/feedback");
const overlays = () => import("./demos/overlays");
const controls = () => import("./demos/controls");
const inputs = () => import("./demos/inputs");
const flows = () => import("./demos/flows");
const tables = () => import("./demos/tables");
const cards = () => import("./demos/cards");
const charts = () => import("./demos/charts");
const pages = () => import("./demos/pages");

/**
 * The style guide: one entry per page of catalogue.ts (tsc refuses a page without one). A new component
 * gets its page by a slug there and an entry here; tests/web/styleguide.test.tsx fails while an export of
 * web/src/components appears in no entry. Snippets call `t()` with common keys only and name a feature's
 * own words `texts.*`, since each feature has its own.
 */
export const REGISTRY: Record<Slug, Entry> = {
  "apex-chart": {
    components: ["TimeChart"],
    demo: demo(charts, (m) => m.BarChartDemo),
    snippet: `<TimeChart kind="bar" title={texts.chartJobs} labels={labels}
  series={[{ label: texts.done, values: done, tone: "success" }]}
  format={formatNumber} axisFormat={formatCompact} rtl={useDocumentDir() === "rtl"} />`,
  },
  chartjs: {
    components: ["TimeChart", "BarList", "useDocumentDir"],
    demo: demo(charts, (m) => m.LineChartDemo),
    snippet: `const rtl = useDocumentDir() === "rtl";
<TimeChart kind="line" title={title} labels={labels} series={series} format={formatNumber} axisFormat={formatCompact} rtl={rtl} />
<BarList label={texts.topSites} items={[{ key: 1, label: "Turnitin", value: 320, display: "320" }]} />`,
  },
  alert: {
    components: ["FormError", "ErrorState"],
    demo: demo(feedback, (m) => m.AlertDemo),
    snippet: `<FormError text={form.formError} />
<ErrorState text={texts.loadFailed} onRetry={() => void mutate()} />`,
  },
  avatar: {
    components: ["Thumbnail"],
    demo: demo(feedback, (m) => m.AvatarDemo),
    snippet: `<Thumbnail src={user.userImage} name={user.userName} className="h-12 w-12 rounded-full" />`,
  },
  badge: {
    components: ["ActiveBadge"],
    demo: demo(feedback, (m) => m.BadgeDemo),
    snippet: `<ActiveBadge active={row.active} />
<ActiveBadge active={site.inUse} activeText={texts.inUse} inactiveText={texts.paused} />`,
  },
  button: {
    components: ["SubmitButton", "CopyButton", "useCopy", "RowActions", "BuyButtons", "useBuyActions", "RangePicker", "useRange"],
    demo: demo(feedback, (m) => m.ButtonDemo),
    snippet: `<SubmitButton sending={form.sending} disabled={!ready}>{t("save")}</SubmitButton>
<CopyButton text={payment.referenceId} label={texts.copyReference} />
const { copied, copy } = useCopy(); // the same, for a button of your own
<RowActions onEdit={() => edit(row)} onDelete={() => remove(row)} />
const actions = useBuyActions({ kind: "item", cartFailed, buyFailed, failedDefault });
<BuyButtons refId={item.itemId} actions={actions} addText={texts.addToCart} buyText={texts.buy} />
const [range, setRange] = useRange(RANGES, 30); // kept in ?range=
<RangePicker ranges={RANGES} value={range} onChange={setRange} label={texts.period} name={(days) => formatCount("days", days)} />`,
  },
  chip: {
    components: ["Icon"],
    demo: demo(feedback, (m) => m.ChipDemo),
    snippet: `<span className="badge badge-soft badge-primary gap-1">
  {label}
  <button type="button" className="btn btn-ghost btn-circle btn-xs" aria-label={removeLabel} onClick={remove}>
    <Icon name="x" size={12} />
  </button>
</span>`,
  },
  dialog: {
    components: ["useConfirm", "ConfirmProvider"],
    demo: demo(overlays, (m) => m.DialogDemo),
    snippet: `// ConfirmProvider wraps the app once; any component then asks:
const confirm = useConfirm();
if (await confirm({ title: texts.sendTitle, text: texts.sendText, confirmText: texts.send, tone: "primary" })) send();`,
  },
  "expansion-panel": {
    components: [],
    demo: demo(overlays, (m) => m.ExpansionPanelDemo),
    snippet: `<details className="collapse collapse-arrow border border-base-300 bg-base-100">
  <summary className="collapse-title font-medium">{question}</summary>
  <div className="collapse-content text-sm">{answer}</div>
</details>`,
  },
  list: {
    components: ["ListCard", "ListView"],
    demo: demo(overlays, (m) => m.ListDemo),
    snippet: `const list = useListController({ call: SEARCH_BUNDLE, defaults: BUNDLE_LIST });
<ListCard list={list} heading={texts.products} search={{ placeholder: t("search") }}
  rowKey={(row) => row.itemId} emptyText={texts.noProducts} card={(row) => <ProductCard row={row} />} />
<ListView list={list} rowKey={(row) => row.itemId} emptyText={texts.noProducts} card={(row) => <ProductCard row={row} />} />`,
  },
  menu: {
    components: ["LanguageSwitcher"],
    demo: demo(overlays, (m) => m.MenuDemo),
    snippet: `<LanguageSwitcher />
<div className="dropdown">
  <button type="button" className="btn btn-sm">{t("actions")}</button>
  <ul className="dropdown-content menu rounded-box bg-base-100 p-2 shadow-lg">…</ul>
</div>`,
  },
  pagination: {
    components: ["Pager"],
    demo: demo(overlays, (m) => m.PaginationDemo),
    snippet: `<Pager page={page} total={total} limit={limit} onPage={setPage} totalCapped={capped}
  label={texts.pages} pageOf={(page, pages) => t("pageOf", { page, pages })} />`,
  },
  "progress-circular": {
    components: ["Loading"],
    demo: demo(feedback, (m) => m.ProgressCircularDemo),
    snippet: `if (!data) return <Loading />;
<Loading label={texts.preparing} />`,
  },
  "progress-linear": {
    components: ["UploadProgress", "useUpload"],
    demo: demo(feedback, (m) => m.ProgressLinearDemo),
    snippet: `const upload = useUpload();
await upload.run((onProgress) => uploadReport(file, onProgress));
<UploadProgress progress={upload.progress} label={texts.uploading} />`,
  },
  snackbar: {
    components: ["SnackbarProvider"],
    demo: demo(feedback, (m) => m.SnackbarDemo),
    snippet: `// SnackbarProvider wraps the app once; a message shows for SNACKBAR_MS (3000 ms).
const snackbar = useSnackbar();
snackbar.success(answer.message);
const notify = useNotify(); // null outside the provider
notify?.(texts.saved, "success");`,
  },
  tabs: {
    components: ["AccountSettingsTabs"],
    demo: demo(overlays, (m) => m.TabsDemo),
    snippet: `<AccountSettingsTabs current="security" />`,
  },
  timeline: {
    components: ["Icon"],
    demo: demo(overlays, (m) => m.TimelineDemo),
    snippet: `<ul className="timeline timeline-vertical timeline-compact">
  <li>
    <div className="timeline-middle text-primary"><Icon name="check" size={18} /></div>
    <div className="timeline-end timeline-box">{texts.paid}</div>
  </li>
</ul>`,
  },
  tooltip: {
    components: ["Icon"],
    demo: demo(feedback, (m) => m.TooltipDemo),
    snippet: `<span className="tooltip" data-tip={texts.download}>
  <button type="button" className="btn btn-circle btn-ghost" aria-label={texts.download}><Icon name="download" /></button>
</span>`,
  },
  autocomplete: {
    components: ["ListToolbar"],
    demo: demo(inputs, (m) => m.AutocompleteDemo),
    snippet: `<ListToolbar layout="plain" search={{ value: search, onSearch: setSearch, placeholder: texts.searchProducts }} />`,
  },
  checkbox: {
    components: ["CheckboxField"],
    demo: demo(controls, (m) => m.CheckboxDemo),
    snippet: `const form = useForm({ terms: false }, { terms: { label: texts.terms, check: (v) => (v ? undefined : "validation.required") } });
<CheckboxField form={form} name="terms" label={<>{texts.accept} <a href={termsUrl}>{texts.terms}</a></>} />`,
  },
  combobox: {
    components: ["ListToolbar", "useActiveOptions"],
    demo: demo(inputs, (m) => m.ComboboxDemo),
    snippet: `const statuses = useActiveOptions();
<ListToolbar filters={[{ label: t("status"), value: status, onChange: setStatus, options: statuses, anyLabel: texts.anyStatus }]} />`,
  },
  "custom-input": {
    components: ["Field", "useKeptBeforeHydration"],
    demo: demo(inputs, (m) => m.CustomInputDemo),
    snippet: `const keepTyped = useKeptBeforeHydration(form, "code");
<Field form={form} name="code" hint="EDGE-XXXX" control={(props, invalid) => (
  <input {...props} ref={keepTyped} className={\`input \${invalid ? "input-error" : ""}\`}
    value={form.values.code} onChange={(e) => form.set("code", e.target.value)} onBlur={() => form.touch("code")} />
)} />`,
  },
  "date-time-picker": {
    components: ["TextField"],
    demo: demo(controls, (m) => m.DateTimeDemo),
    snippet: `<TextField form={form} name="expires" type="date" min="2026-01-01" />
<TextField form={form} name="sendAt" type="datetime-local" />`,
  },
  editors: {
    components: ["TextAreaField", "RichTextEditor"],
    demo: demo(controls, (m) => m.EditorsDemo),
    snippet: `<TextAreaField form={form} name="body" rows={8} hint={texts.editorHint} />
// Rich text, loaded only where used: const RichTextEditor = lazy(() => import("../../../components/RichTextEditor"));
<RichTextEditor value={html} onChange={setHtml} label={texts.body} />`,
  },
  "file-input": {
    components: ["FileField", "FilePicker", "ImageField"],
    demo: demo(inputs, (m) => m.FileInputDemo),
    snippet: `<FileField form={form} name="report" accept=".pdf,.docx" hint={texts.reportHint} />
<ImageField form={form} name="logo" hint={texts.logoHint} previewAlt={texts.logoPreview} current={site.siteImage} />
<FilePicker id={id} file={file} accept={IMAGE_TYPES} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />`,
  },
  "form-layouts": {
    components: ["TextField", "SelectField", "ToggleField", "SubmitButton"],
    demo: demo(flows, (m) => m.FormLayoutsDemo),
    snippet: `<form className="grid gap-3 sm:grid-cols-2" noValidate onSubmit={(e) => void form.submit(send)(e)}>
  <TextField form={form} name="name" />
  <TextField form={form} name="email" type="email" dir="ltr" />
  <SelectField form={form} name="country">{options}</SelectField>
  <ToggleField form={form} name="invoices" />
  <SubmitButton sending={form.sending}>{t("save")}</SubmitButton>
</form>`,
  },
  "form-validation": {
    components: ["FormError", "TextField", "SubmitButton"],
    demo: demo(flows, (m) => m.FormValidationDemo),
    snippet: `const form = useForm(initial, { email: { label: texts.email, check: rules.email } });
<form noValidate onSubmit={(e) => void form.submit(send)(e)}>
  <FormError text={form.formError} />
  <TextField form={form} name="email" type="email" required />
  <SubmitButton sending={form.sending}>{t("save")}</SubmitButton>
</form>`,
  },
  "form-wizard-icons": {
    components: ["Icon"],
    demo: demo(flows, (m) => m.WizardIconsDemo),
    snippet: `const next = () => {
  step.fields.forEach((field) => form.touch(field));
  if (step.fields.every((field) => form.passes(field))) setStep(index + 1);
};
<li className="step step-primary"><span className="step-icon"><Icon name="user" size={16} /></span>{texts.account}</li>`,
  },
  "form-wizard-numbered": {
    components: ["SubmitButton"],
    demo: demo(flows, (m) => m.WizardNumberedDemo),
    snippet: `<ul className="steps">
  <li className="step step-primary" data-content="1">{texts.account}</li>
</ul>
{last ? <SubmitButton sending={form.sending}>{texts.finish}</SubmitButton> : <button type="button" onClick={next}>{texts.next}</button>}`,
  },
  radio: {
    components: ["GroupError"],
    demo: demo(inputs, (m) => m.RadioDemo),
    snippet: `<fieldset>
  <legend>{form.labelOf("plan")}</legend>
  <input type="radio" name="plan" value="team" className="radio" checked={form.values.plan === "team"} onChange={() => form.set("plan", "team")} />
  <GroupError form={form} name="plan" />
</fieldset>`,
  },
  "range-slider": {
    components: ["Field"],
    demo: demo(inputs, (m) => m.RangeSliderDemo),
    snippet: `const form = useForm({ from: "100", to: "350" }, {
  to: { label: texts.to, check: (value, values) => (Number(value) < Number(values.from) ? "validation.invalid" : undefined) },
});
<Field form={form} name="to" control={(props) => <input {...props} type="range" className="range" value={form.values.to} onChange={(e) => form.set("to", e.target.value)} />} />`,
  },
  rating: {
    components: [],
    demo: demo(inputs, (m) => m.RatingDemo),
    snippet: `<div className="rating" role="radiogroup" aria-label={texts.rating}>
  <input type="radio" name="rating" className="mask mask-star-2 bg-warning" aria-label={oneStarLabel} />
</div>`,
  },
  select: {
    components: ["SelectField"],
    demo: demo(controls, (m) => m.SelectDemo),
    snippet: `<SelectField form={form} name="plan">
  <option value="">{texts.choose}</option>
  <option value="team">{texts.planTeam}</option>
</SelectField>`,
  },
  slider: {
    components: ["Field"],
    demo: demo(inputs, (m) => m.SliderDemo),
    snippet: `<Field form={form} name="points" control={(props) => (
  <input {...props} type="range" min={0} max={500} step={50} className="range range-primary"
    value={form.values.points} onChange={(e) => form.set("points", e.target.value)} />
)} />`,
  },
  switch: {
    components: ["ToggleField"],
    demo: demo(controls, (m) => m.SwitchDemo),
    snippet: `<ToggleField form={form} name="active" />`,
  },
  textarea: {
    components: ["TextAreaField"],
    demo: demo(controls, (m) => m.TextareaDemo),
    snippet: `<TextAreaField form={form} name="message" rows={4} hint={texts.messageHint} />`,
  },
  textfield: {
    components: ["TextField"],
    demo: demo(controls, (m) => m.TextFieldDemo),
    snippet: `<TextField form={form} name="name" hint={texts.nameHint} />
<TextField form={form} name="email" type="email" dir="ltr" />
<TextField form={form} name="password" type="password" />`,
  },
  "data-table": {
    components: ["ListPage", "DataTable", "useListController"],
    demo: demo(tables, (m) => m.DataTableDemo),
    snippet: `const list = useListController({ call: SEARCH_BUNDLE, defaults: BUNDLE_LIST, remove: { ask, call, failedPrefix } });
<ListPage title={texts.products} list={list} columns={columns} caption={texts.products}
  rowKey={(row) => row.itemId} emptyText={texts.noProducts} search={{ placeholder: t("search") }} />
<DataTable caption={texts.products} columns={columns} rowKey={(row) => row.id} {...list.tableProps} />`,
  },
  "simple-table": {
    components: ["Empty", "CellText", "LedgerKind", "LedgerDetails"],
    demo: demo(tables, (m) => m.SimpleTableDemo),
    snippet: `{rows.length === 0 ? <Empty text={texts.noProducts} /> : (
  <table className="table table-sm">…<th scope="row"><CellText text={row.name} /></th>…</table>
)}
<LedgerKind row={entry} /> <LedgerDetails row={entry} />`,
  },
  "card-actions": {
    components: ["BuyButtons", "RowActions", "Thumbnail"],
    demo: demo(cards, (m) => m.CardActionsDemo),
    snippet: `<Thumbnail src={item.itemImage} name={item.itemName} className="aspect-video w-full rounded-t-box" textClass="text-4xl" />
<div className="card-actions justify-end">
  <BuyButtons refId={item.itemId} actions={actions} addText={texts.addToCart} buyText={texts.buy} />
</div>
<RowActions size="sm" onEdit={() => edit(row)} onDelete={() => remove(row)} />`,
  },
  "card-advance": {
    components: ["Thumbnail", "ActiveBadge", "CopyButton"],
    demo: demo(cards, (m) => m.CardAdvanceDemo),
    snippet: `<Thumbnail src={user.userImage} name={user.userName} className="h-12 w-12 rounded-full" />
<ActiveBadge active={user.userIsActive} />
<CopyButton text={referenceId} label={texts.copyReference} />`,
  },
  "card-basic": {
    components: [],
    demo: demo(cards, (m) => m.CardBasicDemo),
    snippet: `<div className="card bg-base-100 shadow-sm">
  <div className="card-body"><h3 className="card-title">{title}</h3><p>{text}</p></div>
</div>`,
  },
  "card-statistics": {
    components: ["Icon"],
    demo: demo(cards, (m) => m.CardStatisticsDemo),
    snippet: `<div className="card-body flex-row items-center gap-4">
  <span className="rounded-box bg-primary/10 p-3 text-primary"><Icon name="coins" /></span>
  <p className="text-2xl font-semibold tabular-nums">{value}</p>
</div>`,
  },
  "card-widgets": {
    components: ["BarList", "Empty", "ErrorState"],
    demo: demo(cards, (m) => m.CardWidgetsDemo),
    snippet: `{error ? <ErrorState onRetry={retry} /> : items.length ? <BarList label={title} items={items} /> : <Empty text={texts.nothingYet} />}`,
  },
  typography: {
    components: ["PageHeader", "ScrollToTop"],
    demo: demo(pages, (m) => m.TypographyDemo),
    snippet: `<PageHeader title={texts.products} subtitle={texts.productsIntro}>
  <button type="button" className="btn btn-primary btn-sm">{t("add")}</button>
</PageHeader>
<ScrollToTop /> {/* once, in the default layout: back to top after 200 px */}`,
  },
  icons: {
    components: ["Icon"],
    demo: demo(pages, (m) => m.IconsDemo),
    snippet: `<Icon name="download" />
<Icon name="trash" size={16} className="text-error" />
{ title: "sites:menu", to: "/portal/site", icon: "site", … } // a NavItem's icon`,
  },
  "dialog-examples": {
    components: ["FormDialog", "UserDrawer", "useDeleteWithConfirm", "useFocusTrap", "useFocusBackAfterFailure"],
    demo: demo(pages, (m) => m.DialogExamplesDemo),
    snippet: `const remove = useDeleteWithConfirm({ ask, call: (row) => deleteItem(row.itemId), onDeleted: reload, failedPrefix });
<FormDialog title={texts.addNote} form={form} onSend={send} onClose={close} variant="drawer">…</FormDialog>
<UserDrawer user={user} roles={roles} save={save} onClose={close} onSaved={reload} />
useFocusTrap(panel, open, close);
useFocusBackAfterFailure(retryButton, error);`,
  },
};
