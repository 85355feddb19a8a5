/* The support desk's names for the shared rich-text allow-list (lifted to domain/rich-text for the guides, decision 0023). */
export { sanitiseRichHtml as sanitiseTicketHtml, htmlToPlainText, htmlToMailText, MAIL_TEXT_MAX } from "../rich-text/html";
