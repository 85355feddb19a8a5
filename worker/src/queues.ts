/**
 * The Queues of wrangler.toml (a tools test holds them equal): the mail queue and its dead-letter
 * queue. Apart from the Worker's code so that Node scripts (the bench) can name them.
 */
export const QUEUES = { mail: "edge-portal-mail", mailDeadLetters: "edge-portal-mail-dlq" } as const;
