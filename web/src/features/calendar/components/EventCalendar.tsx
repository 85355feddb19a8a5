import type { DayCellMountArg, EventClickArg, EventInput, EventSourceFuncArg } from "@fullcalendar/core";
import arLocale from "@fullcalendar/core/locales/ar";
import frLocale from "@fullcalendar/core/locales/fr";
import dayGridPlugin from "@fullcalendar/daygrid";
import listPlugin from "@fullcalendar/list";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import { useCallback, useMemo, useRef, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { CalendarEvent } from "../api";
import { KIND_COLOR, type CalendarRange } from "../kinds";

export interface EventCalendarProps {
  /** The events of the days the view shows (UTC days, `to` included). */
  load: (range: CalendarRange) => Promise<CalendarEvent[]>;
  language: "en" | "fr" | "ar";
  direction: "ltr" | "rtl";
  /** A phone's narrow screen opens on the list, with the view buttons below the title. */
  phone: boolean;
  onOpen: (link: string) => void;
}

const LOCALES = [frLocale, arLocale];

/** FullCalendar in the daisyUI theme's colours (its CSS variables). */
const THEME = {
  "--fc-border-color": "var(--color-base-300)",
  "--fc-page-bg-color": "var(--color-base-100)",
  "--fc-neutral-bg-color": "var(--color-base-200)",
  "--fc-neutral-text-color": "var(--color-base-content)",
  "--fc-list-event-hover-bg-color": "var(--color-base-200)",
  "--fc-today-bg-color": "color-mix(in oklab, var(--color-primary) 10%, transparent)",
  "--fc-button-bg-color": "var(--color-primary)",
  "--fc-button-border-color": "var(--color-primary)",
  "--fc-button-text-color": "var(--color-primary-content)",
  "--fc-button-hover-bg-color": "color-mix(in oklab, var(--color-primary) 85%, black)",
  "--fc-button-hover-border-color": "color-mix(in oklab, var(--color-primary) 85%, black)",
  "--fc-button-active-bg-color": "color-mix(in oklab, var(--color-primary) 70%, black)",
  "--fc-button-active-border-color": "color-mix(in oklab, var(--color-primary) 70%, black)",
} as CSSProperties;

/**
 * Fixes to FullCalendar's own styles: the other months' day numbers at full strength in the muted text colour
 * (its 30 % opacity fails contrast), and the list's visually hidden header kept inside the page (its
 * `left: -10000px` widens a right-to-left page by as much).
 */
const FIXES =
  "[&_.fc-day-other_.fc-daygrid-day-top]:opacity-100! [&_.fc-day-other_.fc-daygrid-day-top]:text-base-content/70 " +
  "[&_.fc-list-table_thead]:start-0! [&_.fc-list-table_thead]:size-px [&_.fc-list-table_thead]:overflow-hidden [&_.fc-list-table_thead]:[clip-path:inset(50%)]";

/**
 * A day cell is named by its day number (aria-labelledby), whose label is the full date while the cell also
 * shows its events: the name then misses the visible text. The cell's date stays in its number's label.
 */
const unlabelCell = (cell: DayCellMountArg) => cell.el.removeAttribute("aria-labelledby");

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function toInput(event: CalendarEvent): EventInput {
  const color = KIND_COLOR[event.kind];
  return {
    title: event.title,
    start: event.start,
    url: event.link,
    // A date alone (a coupon's last day) is a whole day.
    allDay: event.start.length === 10,
    backgroundColor: `var(--color-${color})`,
    borderColor: `var(--color-${color})`,
    textColor: `var(--color-${color}-content)`,
    extendedProps: { kind: event.kind },
  };
}

/** The month, week and list views (FullCalendar 6), loaded with the calendar page only. */
export default function EventCalendar({ load, language, direction, phone, onOpen }: EventCalendarProps) {
  const events = useCallback(
    (info: EventSourceFuncArg, succeed: (events: EventInput[]) => void, fail: (error: Error) => void) => {
      // The view's range in local time, widened to the UTC days it touches; its end is exclusive.
      const last = new Date(info.end.getTime() - 1);
      load({ from: dayOf(info.start), to: dayOf(last) }).then(
        (found) => succeed(found.map(toInput)),
        (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
      );
    },
    [load],
  );
  const open = useCallback(
    (click: EventClickArg) => {
      click.jsEvent.preventDefault();
      if (click.event.url) onOpen(click.event.url);
    },
    [onOpen],
  );
  const { t } = useTranslation("calendar");
  const calendar = useRef<FullCalendar>(null);
  // Worded buttons rather than FullCalendar's prev/next, whose arrows are unnamed images (axe: role-img-alt).
  const customButtons = useMemo(
    () => ({
      earlier: { text: t("previous"), click: () => calendar.current?.getApi().prev() },
      later: { text: t("next"), click: () => calendar.current?.getApi().next() },
    }),
    [t],
  );
  const views = "dayGridMonth,timeGridWeek,listMonth";
  return (
    <div style={THEME} className={`text-sm ${FIXES}`}>
      <FullCalendar
        ref={calendar}
        customButtons={customButtons}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
        initialView={phone ? "listMonth" : "dayGridMonth"}
        headerToolbar={
          phone ? { start: "title", end: "earlier,later" } : { start: "earlier,later today", center: "title", end: views }
        }
        footerToolbar={phone ? { center: views } : false}
        locales={LOCALES}
        locale={language}
        direction={direction}
        height="auto"
        dayCellDidMount={unlabelCell}
        eventDisplay="block"
        dayMaxEvents={3}
        // Its "+2 more" link is an <a> with aria-expanded, which axe allows only on a button (aria-allowed-attr).
        moreLinkDidMount={({ el }) => el.setAttribute("role", "button")}
        events={events}
        eventClick={open}
      />
    </div>
  );
}
