/** A user's avatar, or their initial on a neutral disc. */
export function Avatar({ name, image, size = "w-10" }: { name: string; image: string | null; size?: string }) {
  return (
    <div className="avatar avatar-placeholder">
      <div className={`${size} rounded-full bg-base-300 text-base-content`}>
        {image ? <img src={image} alt="" /> : <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>}
      </div>
    </div>
  );
}
