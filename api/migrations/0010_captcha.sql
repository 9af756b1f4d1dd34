-- Captcha challenges (SPEC §3 "Captcha"): the image variants and the login form's text captcha. The answer is
-- the secret (hole position, character boxes, angle, text) and never leaves the server. A row is deleted by the
-- first answer, right or wrong (one use), and is worthless after expire_time.
CREATE TABLE captcha_challenges (
  id          text PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('slide', 'click', 'drag', 'rotate', 'login')),
  answer      jsonb NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  expire_time timestamptz NOT NULL
);

CREATE INDEX captcha_challenges_expire_time_idx ON captcha_challenges (expire_time);

-- Images asked for per client and minute, for the repCode 6201 limit. scope is 'ip:<address>' or
-- 'uid:<clientUid>'; minute is floor(epoch seconds / 60). Kept in the database so that every API process
-- counts against the same numbers.
CREATE TABLE captcha_request_counts (
  scope  text NOT NULL,
  minute bigint NOT NULL,
  n      integer NOT NULL,
  PRIMARY KEY (scope, minute)
);

CREATE INDEX captcha_request_counts_minute_idx ON captcha_request_counts (minute);
