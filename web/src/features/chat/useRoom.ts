import { useCallback, useEffect, useRef, useState } from "react";
import { socketUrl, type ChatEvent } from "./api";

/** Retry delays of a closed socket: 1 s, doubling, at most 30 s. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;
/** A ping through idle proxies; the room answers it without waking (hibernation's auto-response). */
const PING_MS = 25_000;

/**
 * The ticket's live room: a WebSocket that reconnects after 1 s, 2 s, … 30 s. `live` says whether it is open
 * now; while it is not, the page polls instead. Frames that are no event (the ping's "pong") are ignored.
 */
export function useRoom(ticketId: number, onEvent: (event: ChatEvent) => void) {
  const [live, setLive] = useState(false);
  const socket = useRef<WebSocket | null>(null);
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    let stopped = false;
    let delay = RETRY_FIRST_MS;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    function connect() {
      let ws: WebSocket;
      try {
        ws = new WebSocket(socketUrl(ticketId));
      } catch {
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
        return;
      }
      socket.current = ws;
      ws.onopen = () => {
        delay = RETRY_FIRST_MS;
        setLive(true);
        ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), PING_MS);
      };
      ws.onmessage = (message) => {
        if (typeof message.data !== "string" || !message.data.startsWith("{")) return;
        try {
          handler.current(JSON.parse(message.data) as ChatEvent);
        } catch {
          // not an event of ours
        }
      };
      ws.onclose = () => {
        clearInterval(ping);
        socket.current = null;
        setLive(false);
        if (stopped) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      };
    }
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket.current?.close();
      socket.current = null;
      setLive(false);
    };
  }, [ticketId]);

  const sendTyping = useCallback(() => {
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify({ type: "typing" }));
  }, []);

  return { live, sendTyping };
}
