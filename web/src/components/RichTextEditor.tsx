import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  value: string;
  onChange: (html: string) => void;
  label: string;
  /** The text's direction when it differs from the page's (an Arabic text edited in an English page). */
  dir?: "ltr" | "rtl";
}

/**
 * A rich-text editor (TipTap's starter kit) whose HTML the Worker sanitises to its allow-list (decisions 0015,
 * 0023). Import it lazily, where it is used: TipTap is never in a first load.
 */
export function RichTextEditor({ value, onChange, label, dir }: Props) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } })],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(dir ? { dir } : {}),
        class:
          "min-h-40 px-3 py-2 focus:outline-none [&_h2]:text-lg [&_h2]:font-bold [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5",
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? "" : changed.getHTML()),
  });
  // A text loaded after the editor opened (another language's, a fetched article's) replaces what it shows.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== editor.getHTML() && (value === "" || editor.isEmpty)) editor.commands.setContent(value);
  }, [editor, value]);
  const live = editor !== null && !editor.isDestroyed;

  const tools = [
    { name: "bold", label: t("richTextBold"), run: () => editor?.chain().focus().toggleBold().run(), look: "font-bold" },
    { name: "italic", label: t("richTextItalic"), run: () => editor?.chain().focus().toggleItalic().run(), look: "italic" },
    {
      name: "heading",
      label: t("richTextHeading"),
      run: () => editor?.chain().focus().toggleHeading({ level: 2 }).run(),
      look: "",
    },
    { name: "bulletList", label: t("richTextBullets"), run: () => editor?.chain().focus().toggleBulletList().run(), look: "" },
    { name: "orderedList", label: t("richTextNumbers"), run: () => editor?.chain().focus().toggleOrderedList().run(), look: "" },
  ];
  return (
    <div className="rounded-box border border-base-300 bg-base-100">
      <div className="flex flex-wrap gap-1 border-b border-base-300 p-1" role="toolbar" aria-label={t("richTextToolbar")}>
        {tools.map((tool) => (
          <button
            key={tool.name}
            type="button"
            className={`btn btn-ghost btn-xs ${tool.look} ${live && editor.isActive(tool.name) ? "btn-active" : ""}`}
            aria-pressed={live && editor.isActive(tool.name)}
            onClick={tool.run}
          >
            {tool.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

export default RichTextEditor;
