import { useRef, useState } from "react";

/**
 * A message's stored HTML (sanitised by the Worker's allow-list), shown in a sandboxed frame as a
 * second wall: no script runs in it (no `allow-scripts`), links open in a new tab. `allow-same-origin`
 * lets this page measure the frame's height; without scripts the frame's content can do nothing with it.
 */
export function MessageBody({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(48);
  const dir = document.documentElement.dir || "ltr";
  const doc = `<!doctype html><html dir="${dir}"><head><meta charset="utf-8"><style>
:root{color-scheme:light dark}body{margin:0;font:14px/1.5 system-ui,sans-serif;overflow-wrap:anywhere}
a{color:#2563eb}pre,code{white-space:pre-wrap}blockquote{margin:0;padding-inline-start:.75rem;border-inline-start:3px solid #9ca3af}
</style></head><body>${html}</body></html>`;
  return (
    <iframe
      ref={frame}
      title={title}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      srcDoc={doc}
      className="w-full border-0 bg-transparent"
      style={{ height }}
      onLoad={() => {
        const body = frame.current?.contentDocument?.body;
        if (body) setHeight(Math.max(24, body.scrollHeight + 4));
      }}
    />
  );
}
