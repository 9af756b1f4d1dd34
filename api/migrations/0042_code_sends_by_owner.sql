-- Whether a code was sent at the request of the phone's proven owner (a logged-in session of the account that has
-- the phone). The per-phone caps count the owner's sends and everybody else's apart, so that strangers who use up
-- a phone's sends do not lock its owner out (docs/api.md, "Accounts", Codes).
ALTER TABLE verification_codes ADD COLUMN by_owner boolean NOT NULL DEFAULT false;
