import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SCROLL_TOP_THRESHOLD } from "../providers/config";
import { Icon } from "./Icon";

/** A floating button shown after 200 px of scrolling; it scrolls smoothly back to the top. */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="btn btn-circle btn-primary fixed end-6 bottom-6 z-40 shadow-lg"
      aria-label={t("scrollToTop")}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
    >
      <Icon name="arrow-up" />
    </button>
  );
}
