import { useEffect, useState } from "react";

/** The page's text direction, followed live (the customizer or a language change may flip it). */
export function useDocumentDir(): "ltr" | "rtl" {
  const read = () => (document.documentElement.dir === "rtl" ? "rtl" : "ltr");
  const [dir, setDir] = useState<"ltr" | "rtl">(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setDir(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["dir"] });
    return () => observer.disconnect();
  }, []);
  return dir;
}
