import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon";

/** How long a copy button says "Copied" (spec section 9: the clipboard's copied flag, 1500 ms). */
export const COPIED_MS = 1500;

/** Copies text to the clipboard; `copied` holds for COPIED_MS afterwards. Answers whether it worked. */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy(text: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      return true;
    } catch {
      console.error("Clipboard write failed");
      return false;
    }
  }
  return { copied, copy };
}

/** A small button copying `text`, labelled with what it copies ("Copy the reference"), then "Copied". */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs gap-1"
      aria-label={copied ? t("copied") : label}
      title={label}
      onClick={() => void copy(text)}
    >
      <Icon name={copied ? "check" : "copy"} size={14} aria-hidden="true" />
      <span aria-live="polite">{copied ? t("copied") : t("copy")}</span>
    </button>
  );
}
