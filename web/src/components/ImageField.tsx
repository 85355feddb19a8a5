import { useEffect, useState } from "react";

export const IMAGE_TYPES = "image/png,image/jpeg,image/webp";

interface ImageFieldProps {
  /** The file input's id: the label points at it, the hint and error hang off it. */
  id: string;
  label: string;
  hint: string;
  /** The preview's alternative text, in the caller's words. */
  previewAlt: string;
  /** The saved image, shown until a new file is chosen. */
  current: string | null;
  /** The chosen file, not saved yet: previewed from memory. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** The message for this field (the server's, or the form's own check). */
  error?: string | null;
  size?: "md" | "lg";
}

const SIZE = { md: "h-16 w-16", lg: "h-20 w-20" } as const;

/** An image upload with a square preview of the saved image or of the newly chosen file. */
export function ImageField({ id, label, hint, previewAlt, current, file, onChange, error, size = "md" }: ImageFieldProps) {
  const [chosen, setChosen] = useState<string | null>(null);

  // The chosen file's preview lives in memory only while it is shown.
  useEffect(() => {
    if (!file) {
      setChosen(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setChosen(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const preview = chosen ?? current;
  const described = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="flex items-center gap-4">
      <div className={`${SIZE[size]} shrink-0 overflow-hidden rounded-box bg-base-200`}>
        {preview && <img src={preview} alt={previewAlt} className="h-full w-full object-cover" />}
      </div>
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES}
          className={`file-input w-full ${error ? "file-input-error" : ""}`}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
        {error && (
          <p id={`${id}-error`} className="text-sm text-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
