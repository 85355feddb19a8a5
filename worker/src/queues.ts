/**
 * The Queues of wrangler.toml (a tools test holds them equal): the mail queue, the webhook queue and
 * their dead-letter queues. Apart from the Worker's code so that Node scripts (the bench) can name them.
 */
export const QUEUES = {
  mail: "edge-portal-mail",
  mailDeadLetters: "edge-portal-mail-dlq",
  webhooks: "edge-portal-webhooks",
  webhookDeadLetters: "edge-portal-webhooks-dlq",
} as const;
