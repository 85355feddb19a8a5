import { createElement, useMemo, type ReactNode } from "react";

/**
 * The Worker's allow-list of rich text (worker/src/domain/rich-text/html.ts): a bubble is rebuilt from these
 * elements only, as React elements, so nothing of the stored HTML reaches the page as markup. Anything else is
 * unwrapped to its text, and what the Worker drops with its content is dropped here too.
 */
const ALLOWED = new Set([
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "h1",
  "h2",
  "h3",
  "hr",
]);
const DROPPED = new Set(["script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "math"]);
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

function rebuild(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, rebuild);
  if (tag === "a") {
    const href = element.getAttribute("href") ?? "";
    if (!SAFE_LINK.test(href)) return createElement("span", { key }, ...children);
    return createElement(
      "a",
      { key, href, rel: "noopener noreferrer nofollow", target: "_blank", className: "link" },
      ...children,
    );
  }
  if (tag === "br" || tag === "hr") return createElement(tag, { key });
  if (!ALLOWED.has(tag)) return createElement("span", { key }, ...children);
  return createElement(tag, { key }, ...children);
}

/** A message's sanitised HTML as React elements (see ALLOWED). */
export function RichText({ html }: { html: string }) {
  const content = useMemo(() => {
    const body = new DOMParser().parseFromString(html, "text/html").body;
    return Array.from(body.childNodes, rebuild);
  }, [html]);
  return (
    <div className="chat-text space-y-1 break-words [&_blockquote]:border-s-2 [&_blockquote]:ps-2 [&_ol]:ps-5 [&_ul]:ps-5">
      {content}
    </div>
  );
}
