-- Login sessions ("login devices"): the cookie carries a random token, the table only its SHA-256, so a copy of
-- the table logs nobody in. Deleting a row ends that session at once.
CREATE TABLE sessions (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash         text NOT NULL UNIQUE,
  user_id            bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_token         text NOT NULL,
  login_type         smallint NOT NULL CHECK (login_type BETWEEN 1 AND 4),
  platform           text NOT NULL DEFAULT '',
  ip                 text NOT NULL DEFAULT '',
  user_agent         text NOT NULL DEFAULT '',
  create_time        timestamptz NOT NULL,
  last_active_time   timestamptz NOT NULL,
  expire_time        timestamptz NOT NULL,
  -- when this session last proved it holds the account's phone (POST /api/mobile/check/)
  mobile_check_time  timestamptz
);

CREATE INDEX sessions_user_idx ON sessions (user_id, last_active_time DESC);
CREATE INDEX sessions_expire_idx ON sessions (expire_time);

-- Every successful login (GET /api/login-history/?ordering=-create_time).
CREATE TABLE login_history (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  login_type  smallint NOT NULL CHECK (login_type BETWEEN 1 AND 4),
  platform    text NOT NULL DEFAULT '',
  ip          text NOT NULL DEFAULT '',
  user_agent  text NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL
);

CREATE INDEX login_history_user_time_idx ON login_history (user_id, create_time DESC);
