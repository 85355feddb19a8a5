-- Ticket attachments (issue 39 item 1, docs/decisions/0032-ticket-attachments.md): files of a ticket's
-- messages, kept in R2 under tickets/<ticketId>/. The row hangs from its message alone (which hangs from
-- its ticket): one parent, as decision 0015 keeps the tickets' rows, so a deleted ticket takes them along.
CREATE TABLE ticket_attachments (
  attachmentId INTEGER PRIMARY KEY,
  -- Its message's ticket, kept so a download checks the ticket without reading the message.
  ticketId INTEGER NOT NULL,
  messageId INTEGER NOT NULL REFERENCES ticket_messages(messageId) ON DELETE CASCADE,
  -- The file's name as shown (storage/files.ts safeFileName), its type as its bytes say, its size in bytes.
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 150),
  type TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size > 0),
  fileKey TEXT NOT NULL,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- ticket-detail lists each message's files; account closure finds them through the client's messages. No index
-- on fileKey: the daily sweep reads the table once (as it reads history), and a reply's file costs two rows written.
CREATE INDEX ticket_attachments_message ON ticket_attachments (messageId);
