import { forwardRef, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value"> {
  id: string;
  /** The file chosen, shown beside the button. */
  file: File | null;
  invalid?: boolean;
}

/**
 * A file input whose button and "no file chosen" are the app's own words: the browser's native picker
 * speaks the browser's language ("Choose File" on an Arabic page). The input itself stays in the page,
 * visually hidden, so the keyboard, the field's label and forms work as with a plain one.
 */
export const FilePicker = forwardRef<HTMLInputElement, Props>(function FilePicker(
  { id, file, invalid = false, className = "", ...input },
  ref,
) {
  const { t } = useTranslation();
  return (
    <div className={`flex w-full min-w-0 items-stretch ${className}`}>
      <input ref={ref} id={id} type="file" className="peer sr-only" {...input} />
      <label
        htmlFor={id}
        className={`btn shrink-0 rounded-e-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary ${invalid ? "btn-error" : ""}`}
      >
        {t("chooseFile")}
      </label>
      <span
        className={`input min-w-0 flex-1 rounded-s-none ${invalid ? "input-error" : ""}`}
        title={file?.name}
        data-testid="file-name"
      >
        <span className="truncate">{file?.name ?? t("noFileChosen")}</span>
      </span>
    </div>
  );
});
