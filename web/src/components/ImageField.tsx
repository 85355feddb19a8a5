import { useEffect, useState } from "react";
import type { FormState } from "../lib/form";
import { FileField } from "./FormControls";
import { Icon } from "./Icon";

export const IMAGE_TYPES = "image/png,image/jpeg,image/webp";

interface ImageFieldProps<V extends object> {
  form: FormState<V>;
  /** The field holding the chosen file (File or null). */
  name: keyof V & string;
  hint: string;
  /** The preview's alternative text, in the caller's words. */
  previewAlt: string;
  /** The saved image, shown until a new file is chosen. */
  current: string | null;
  size?: "md" | "lg";
}

const SIZE = { md: "h-16 w-16", lg: "h-20 w-20" } as const;

/** An image upload with a square preview of the saved image or of the newly chosen file (a picture icon without either). */
export function ImageField<V extends object>({ form, name, hint, previewAlt, current, size = "md" }: ImageFieldProps<V>) {
  const file = form.values[name] instanceof File ? (form.values[name] as File) : null;
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
  return (
    <div className="flex items-center gap-4">
      <div className={`${SIZE[size]} flex shrink-0 items-center justify-center overflow-hidden rounded-box bg-base-200`}>
        {preview ? (
          <img src={preview} alt={previewAlt} className="h-full w-full object-cover" />
        ) : (
          <Icon name="photo" size={28} className="text-base-content/40" />
        )}
      </div>
      <div className="flex-1">
        <FileField form={form} name={name} hint={hint} accept={IMAGE_TYPES} />
      </div>
    </div>
  );
}
