/**
 * Tile colours from the theme, picked by the name so one product always gets the same one: filled
 * colours with their content colour, which every theme keeps at 4.5:1 (theme-contrast.test.ts).
 */
const TONES = [
  "bg-primary text-primary-content",
  "bg-secondary text-secondary-content",
  "bg-accent text-accent-content",
  "bg-neutral text-neutral-content",
  "bg-info text-info-content",
  "bg-success text-success-content",
  "bg-warning text-warning-content",
];

/** Up to two letters from the first words of a name ("Turnitin Pro" → "TP"), whole characters in any script. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? "")
    .join("")
    .toLocaleUpperCase();
}

function toneOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return TONES[hash % TONES.length]!;
}

interface Props {
  src: string | null | undefined;
  /** The product's name: it picks the placeholder's initials and colour. */
  name: string;
  /** Size and shape of the box, such as `h-10 w-10 rounded-box` or `aspect-video w-full`. */
  className: string;
  /** The placeholder's letter size, such as `text-4xl` for a card's cover. */
  textClass?: string;
}

/**
 * A product's picture, or where it has none a designed placeholder: its initials on a tile in a theme
 * colour. Decorative either way: the name is written next to it.
 */
export function Thumbnail({ src, name, className, textClass = "text-sm" }: Props) {
  if (src) {
    return (
      <div className={`shrink-0 overflow-hidden bg-base-200 ${className}`}>
        <img src={src} alt="" className="h-full w-full object-cover" loading="lazy" />
      </div>
    );
  }
  return (
    <div
      className={`flex shrink-0 items-center justify-center font-semibold ${toneOf(name)} ${textClass} ${className}`}
      aria-hidden="true"
      data-testid="thumbnail-placeholder"
    >
      {initialsOf(name)}
    </div>
  );
}
