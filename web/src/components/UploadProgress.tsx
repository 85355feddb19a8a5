/** An upload's progress bar (`progress` from 0 to 1); nothing while no upload runs. */
export function UploadProgress({ progress, label }: { progress: number | null; label: string }) {
  if (progress === null) return null;
  return (
    <progress className="progress progress-primary w-full" value={Math.round(progress * 100)} max={100} aria-label={label} />
  );
}
