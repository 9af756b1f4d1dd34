-- Coins (issue 14): uploaders' earnings (frozen, then available), coins spent on documents, withdrawals paid out
-- through Alipay and WeChat Pay, and the staff roles that review them. Every coin movement is a ledger entry in
-- the unit 'coin' (modules/ledger); docs/payments.md, "Coins", explains the accounts and the rules.

-- The rules staff may change (one row). 1 coin is worth coin_value_fen fen.
CREATE TABLE coin_settings (
  id                          boolean PRIMARY KEY DEFAULT true CHECK (id),
  coin_value_fen              integer NOT NULL DEFAULT 1 CHECK (coin_value_fen BETWEEN 1 AND 100),
  uploader_share_bp           integer NOT NULL DEFAULT 7000 CHECK (uploader_share_bp BETWEEN 0 AND 10000),
  freeze_days                 integer NOT NULL DEFAULT 7 CHECK (freeze_days BETWEEN 0 AND 90),
  min_withdraw_coins          integer NOT NULL DEFAULT 1000 CHECK (min_withdraw_coins > 0),
  max_withdraw_coins          integer NOT NULL DEFAULT 500000 CHECK (max_withdraw_coins >= min_withdraw_coins),
  daily_withdraw_count        integer NOT NULL DEFAULT 3 CHECK (daily_withdraw_count > 0),
  fee_rate_bp                 integer NOT NULL DEFAULT 100 CHECK (fee_rate_bp BETWEEN 0 AND 5000),
  fee_min_coins               integer NOT NULL DEFAULT 10 CHECK (fee_min_coins >= 0),
  auto_approve_max_coins      integer NOT NULL DEFAULT 5000 CHECK (auto_approve_max_coins >= 0),
  auto_approve_min_account_days integer NOT NULL DEFAULT 7 CHECK (auto_approve_min_account_days >= 0),
  update_time                 timestamptz NOT NULL DEFAULT now()
);
INSERT INTO coin_settings DEFAULT VALUES;

-- A paid document may be bought with coins unless its uploader says no.
ALTER TABLE documents ADD COLUMN coin_pay_ok boolean NOT NULL DEFAULT true;

-- One uploader's share of one sale, frozen until release_time, then released (available) or reversed (a refund
-- or a takedown while frozen). What caused it: an order, a package download, or a coin payment.
CREATE TABLE coin_earnings (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  docs_id            bigint REFERENCES documents (id) ON DELETE SET NULL,
  source             text NOT NULL CHECK (source IN ('order', 'package', 'coin')),
  order_id           bigint REFERENCES orders (id),
  download_record_id bigint,
  -- a package download's earning: the package's order (refunding the package takes its frozen earnings back)
  package_order_id   bigint REFERENCES orders (id),
  buyer_id           bigint,
  coins              integer NOT NULL CHECK (coins > 0),
  state              text NOT NULL DEFAULT 'frozen' CHECK (state IN ('frozen', 'released', 'reversed')),
  title              text NOT NULL DEFAULT '',
  release_time       timestamptz NOT NULL,
  create_time        timestamptz NOT NULL DEFAULT now(),
  finish_time        timestamptz,
  reason             text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX coin_earnings_order_key ON coin_earnings (order_id) WHERE order_id IS NOT NULL;
CREATE UNIQUE INDEX coin_earnings_download_key ON coin_earnings (download_record_id) WHERE download_record_id IS NOT NULL;
CREATE INDEX coin_earnings_due_idx ON coin_earnings (release_time) WHERE state = 'frozen';
CREATE INDEX coin_earnings_user_idx ON coin_earnings (user_id, state);
CREATE INDEX coin_earnings_docs_idx ON coin_earnings (docs_id);
CREATE INDEX coin_earnings_package_idx ON coin_earnings (package_order_id) WHERE package_order_id IS NOT NULL;

-- Withdrawals. withdraw_no is the provider's business number (out_biz_no / out_bill_no), kept across retries.
CREATE TABLE withdrawals (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  withdraw_no   text NOT NULL UNIQUE CHECK (withdraw_no ~ '^[0-9A-Za-z_]{6,32}$'),
  user_id       bigint NOT NULL REFERENCES users (id),
  coins         integer NOT NULL CHECK (coins > 0),
  fee           integer NOT NULL CHECK (fee >= 0 AND fee < coins),
  amount_fen    integer NOT NULL CHECK (amount_fen > 0),
  channel       text NOT NULL CHECK (channel IN ('alipay', 'wxpay')),
  payee         text NOT NULL CHECK (char_length(payee) BETWEEN 1 AND 128),
  real_name     text NOT NULL DEFAULT '',
  state         text NOT NULL DEFAULT 'requested'
                CHECK (state IN ('requested', 'approved', 'paying', 'wait_user_confirm', 'success', 'failed', 'rejected', 'cancelled')),
  reason        text NOT NULL DEFAULT '',
  package_info  text,
  provider_id   text,
  auto_approved boolean NOT NULL DEFAULT false,
  reviewer      text NOT NULL DEFAULT '',
  create_time   timestamptz NOT NULL DEFAULT now(),
  approve_time  timestamptz,
  finish_time   timestamptz
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, create_time DESC, id DESC);
CREATE INDEX withdrawals_open_idx ON withdrawals (state, create_time) WHERE state IN ('requested', 'approved', 'paying', 'wait_user_confirm');

-- Staff and their roles; every staff route asks for one (the staff console of the trust-and-safety issue builds on it).
CREATE TABLE staff_roles (
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role        text NOT NULL CHECK (role IN ('admin', 'reviewer', 'finance', 'support')),
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, role)
);
