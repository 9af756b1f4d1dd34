-- QR login (SPEC §3 "QR login", §4) and the OAuth state of third-party logins. Tokens and states are kept
-- only as SHA-256 hashes; each is bound to the browser that asked for it (hash of its HttpOnly cookie).
CREATE TABLE login_qrcodes (
  token_hash   text PRIMARY KEY,
  type         text NOT NULL CHECK (type IN ('login', 'wxgzh_login')),
  -- waiting: shown; scanned: the app has it open; confirmed: the app user said yes (the browser may claim it)
  status       text NOT NULL CHECK (status IN ('waiting', 'scanned', 'confirmed')),
  browser_hash text NOT NULL,
  platform     text NOT NULL DEFAULT '',
  user_id      bigint REFERENCES users (id) ON DELETE CASCADE,
  create_time  timestamptz NOT NULL,
  expire_time  timestamptz NOT NULL,
  confirm_time timestamptz
);

CREATE INDEX login_qrcodes_expire_idx ON login_qrcodes (expire_time);

-- The `state` of an OAuth redirect: one use, 10 minutes, only from the browser that started it.
CREATE TABLE oauth_states (
  state_hash   text PRIMARY KEY,
  provider     text NOT NULL CHECK (provider ~ '^[a-z0-9_]{1,32}$'),
  browser_hash text NOT NULL,
  platform     text NOT NULL DEFAULT '',
  create_time  timestamptz NOT NULL,
  expire_time  timestamptz NOT NULL
);

CREATE INDEX oauth_states_expire_idx ON oauth_states (expire_time);
