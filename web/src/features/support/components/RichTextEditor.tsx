import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  value: string;
  onChange: (html: string) => void;
  label: string;
}

/** The compose and reply editor: TipTap's starter kit, loaded only when one of them opens (decision 0015). */
export default function RichTextEditor({ value, onChange, label }: Props) {
  const { t } = useTranslation("support");
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } })],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        class: "min-h-32 px-3 py-2 focus:outline-none [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5",
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? "" : changed.getHTML()),
  });
  // A draft loaded after the editor opened replaces what it shows.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== editor.getHTML() && (value === "" || editor.isEmpty)) editor.commands.setContent(value);
  }, [editor, value]);
  // The marks are asked only of a mounted editor: a destroyed one has no view to ask.
  const live = editor !== null && !editor.isDestroyed;

  const tools = [
    { name: "bold", label: t("toolBold"), run: () => editor?.chain().focus().toggleBold().run(), look: "font-bold" },
    { name: "italic", label: t("toolItalic"), run: () => editor?.chain().focus().toggleItalic().run(), look: "italic" },
    { name: "bulletList", label: t("toolBullets"), run: () => editor?.chain().focus().toggleBulletList().run(), look: "" },
    { name: "orderedList", label: t("toolNumbers"), run: () => editor?.chain().focus().toggleOrderedList().run(), look: "" },
  ];
  return (
    <div className="rounded-box border border-base-300 bg-base-100">
      <div className="flex flex-wrap gap-1 border-b border-base-300 p-1" role="toolbar" aria-label={t("toolbar")}>
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
