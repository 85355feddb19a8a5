import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { FileField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { useForm } from "../../../lib/form";
import { updateHistory } from "../api";
import type { HistoryEntry } from "../types";

const REPORT_TYPES =
  ".pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain";

type Values = { similarity: string; report: File | null };

/** A whole number from 0 to 100 (the server's rule), worded by this feature. */
const similarityRule = (value: string) => {
  const n = Number(value);
  return value.trim() !== "" && Number.isInteger(n) && n >= 0 && n <= 100 ? undefined : "history:similarityRange";
};

/** "Mark done": the similarity (0..100, required) and an optional report file. */
export function FinishJobDialog(props: { job: HistoryEntry; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation("history");
  const form = useForm<Values>(
    { similarity: "", report: null },
    { similarity: { label: t("similarity"), check: similarityRule }, report: { label: t("report") } },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );

  async function send({ similarity, report }: Values) {
    const answer = await updateHistory({
      uniqueId: props.job.fileData.uniqueId,
      status: 1,
      similarity: Number(similarity),
      report,
    });
    props.onDone();
    return answer.message;
  }

  return (
    <FormDialog
      title={t("markDoneTitle", { file: props.job.fileName })}
      form={form}
      onSend={send}
      onClose={props.onClose}
      submitText={t("markDone")}
    >
      <TextField
        form={form}
        name="similarity"
        type="number"
        min={0}
        max={100}
        step={1}
        inputMode="numeric"
        hint={t("similarityHint")}
      />
      <FileField form={form} name="report" accept={REPORT_TYPES} hint={t("reportHint")} />
    </FormDialog>
  );
}
