import { useState } from "react";

/** An upload's progress bar (`progress` from 0 to 1); nothing while no upload runs. */
export function UploadProgress({ progress, label }: { progress: number | null; label: string }) {
  if (progress === null) return null;
  return (
    <progress className="progress progress-primary w-full" value={Math.round(progress * 100)} max={100} aria-label={label} />
  );
}

/**
 * The progress of one upload at a time: `run(upload)` shows the bar from the start of the upload and
 * takes it away once the upload answered or failed.
 */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  async function run<T>(upload: (onProgress: (fraction: number) => void) => Promise<T>): Promise<T> {
    setProgress(0);
    try {
      return await upload(setProgress);
    } finally {
      setProgress(null);
    }
  }
  return { progress, run };
}
