-- TOTP replay protection: the last time step (30-second counter) a code was accepted for, per user.
-- A code is accepted only for a later step, by a conditional UPDATE in the same batch as its effect.
ALTER TABLE users ADD COLUMN totpLastStep INTEGER NOT NULL DEFAULT 0;

-- The language of the mails a user gets: the web app's language at their last sign-in, so mails an
-- admin triggers for them (invoices) are in their language too.
ALTER TABLE users ADD COLUMN mailLanguage TEXT NOT NULL DEFAULT 'en' CHECK (mailLanguage IN ('en', 'fr', 'ar'));

-- The HTML alternative of a mail (its language and direction set); mailBody stays the plain text.
ALTER TABLE outbox ADD COLUMN mailHtml TEXT;
