-- One-time codes sent by SMS or e-mail. Only an HMAC of the code is kept; a code is bound to its target (phone
-- as 'country_code:mobile', or a lower-case e-mail) and its reason, lives 5 minutes and survives 5 wrong tries.
-- Rows stay a day after their creation: they are also the send log the hourly and daily caps count.
CREATE TABLE verification_codes (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel      text NOT NULL CHECK (channel IN ('sms', 'email')),
  target       text NOT NULL,
  reason       text NOT NULL,
  code_hash    text NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  create_time  timestamptz NOT NULL,
  expire_time  timestamptz NOT NULL,
  -- set when the code was used, replaced by a newer one, or could not be sent
  consume_time timestamptz
);

CREATE INDEX verification_codes_target_idx ON verification_codes (channel, target, create_time DESC);
CREATE INDEX verification_codes_create_idx ON verification_codes (create_time);

-- What the SMS and e-mail simulators "delivered" (development and test only; see GET /api/dev/outbox/).
CREATE TABLE dev_outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient   text NOT NULL,
  subject     text NOT NULL DEFAULT '',
  body        text NOT NULL,
  code        text,
  create_time timestamptz NOT NULL
);

CREATE INDEX dev_outbox_recipient_idx ON dev_outbox (channel, recipient, id DESC);
