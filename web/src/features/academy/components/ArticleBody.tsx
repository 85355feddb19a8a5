/**
 * An article's body: HTML the Worker sanitised to the rich-text allow-list when staff saved it (decision 0023),
 * so it is shown as it is.
 */
export function ArticleBody({ html, dir }: { html: string; dir?: "ltr" | "rtl" }) {
  return (
    <div
      dir={dir}
      className="flex flex-col gap-4 leading-relaxed [&_a]:link [&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
