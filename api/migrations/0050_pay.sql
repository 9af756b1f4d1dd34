-- Money in (issue 13): download packages, orders paid through Alipay and WeChat Pay, notifications, refunds,
-- and the double-entry ledger every money movement is written to. Amounts are integer fen. docs/payments.md
-- explains the states and the accounts.

-- The ledger. An account holds one unit (fen of money, downloads of a package, coins); its balance is the sum
-- of its postings, kept on the row and checked under the row's lock in the transaction that posts.
CREATE TABLE ledger_accounts (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code            text NOT NULL UNIQUE CHECK (code ~ '^[a-z][a-z0-9:_-]{1,99}$'),
  unit            text NOT NULL CHECK (unit IN ('fen', 'download', 'coin')),
  -- only the outside world's accounts (what the providers took in, what a grant issues) go below zero
  may_go_negative boolean NOT NULL DEFAULT false,
  balance         bigint NOT NULL DEFAULT 0,
  create_time     timestamptz NOT NULL DEFAULT now(),
  CHECK (may_go_negative OR balance >= 0)
);

-- One business event (a payment received, a package granted, a download spent, a refund): its postings sum to
-- zero. The idempotency key makes the same event impossible to write twice.
CREATE TABLE ledger_entries (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE CHECK (char_length(idempotency_key) BETWEEN 1 AND 200),
  kind            text NOT NULL CHECK (kind ~ '^[a-z][a-z_]{1,39}$'),
  unit            text NOT NULL CHECK (unit IN ('fen', 'download', 'coin')),
  order_id        bigint,
  -- what caused it, for people reading their records: 'docs:<id>', 'withdraw:<id>', …
  ref             text NOT NULL DEFAULT '' CHECK (char_length(ref) <= 100),
  memo            text NOT NULL DEFAULT '' CHECK (char_length(memo) <= 500),
  create_time     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_postings (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id      bigint NOT NULL REFERENCES ledger_entries (id),
  account_id    bigint NOT NULL REFERENCES ledger_accounts (id),
  amount        bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL
);

CREATE INDEX ledger_postings_entry_idx ON ledger_postings (entry_id);
CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id, id DESC);
CREATE INDEX ledger_entries_order_idx ON ledger_entries (order_id) WHERE order_id IS NOT NULL;

-- Append-only: a correction is a new entry, never an edit.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END $$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- Download packages, edited by staff (the demo's are seeded below; docs/payments.md lists them).
-- max_doc_price: the dearest document (fen) one package download covers; NULL is any.
CREATE TABLE price_policies (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name           text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  description    text NOT NULL DEFAULT '' CHECK (char_length(description) <= 300),
  price          integer NOT NULL CHECK (price > 0),
  original_price integer CHECK (original_price IS NULL OR original_price >= price),
  downloads      integer NOT NULL CHECK (downloads > 0),
  valid_days     integer NOT NULL CHECK (valid_days > 0),
  max_doc_price  integer CHECK (max_doc_price IS NULL OR max_doc_price > 0),
  sequence       integer NOT NULL DEFAULT 0,
  recommended    boolean NOT NULL DEFAULT false,
  active         boolean NOT NULL DEFAULT true,
  create_time    timestamptz NOT NULL DEFAULT now(),
  update_time    timestamptz NOT NULL DEFAULT now()
);

INSERT INTO price_policies (name, description, price, original_price, downloads, valid_days, max_doc_price, sequence, recommended) VALUES
  ('体验包', '适合偶尔下载：7 天内可下载 5 份付费文档', 990, NULL, 5, 7, 2000, 1, false),
  ('月度包', '30 天内可下载 30 份付费文档，单价低至 ¥1', 2990, 3990, 30, 30, 2000, 2, true),
  ('季度包', '90 天内可下载 100 份付费文档', 6900, 8900, 100, 90, 5000, 3, false),
  ('年度包', '365 天内可下载 500 份付费文档，不限文档价格', 19900, 29900, 500, 365, NULL, 4, false);

-- The payment rules staff may change (one row): how long an unpaid order stays open, how long a guest keeps
-- a download on the device that paid, how long a bought document downloads again for free.
CREATE TABLE pay_settings (
  id                  boolean PRIMARY KEY DEFAULT true CHECK (id),
  order_ttl_minutes   integer NOT NULL DEFAULT 15 CHECK (order_ttl_minutes BETWEEN 5 AND 120),
  guest_access_days   integer NOT NULL DEFAULT 7 CHECK (guest_access_days BETWEEN 1 AND 365),
  redownload_days     integer NOT NULL DEFAULT 365 CHECK (redownload_days BETWEEN 1 AND 3650),
  update_time         timestamptz NOT NULL DEFAULT now()
);
INSERT INTO pay_settings DEFAULT VALUES;

-- Orders. state: created → paying → paid → refunding → refunded; created/paying → closed. Changed only by
-- conditional updates (WHERE state IN the states it may leave). A guest order belongs to a device: guest_key is
-- the SHA-256 of the device's httpOnly cookie.
CREATE TABLE orders (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no         text NOT NULL UNIQUE CHECK (order_no ~ '^[0-9A-Za-z_-]{6,32}$'),
  user_id          bigint REFERENCES users (id) ON DELETE SET NULL,
  guest_key        text CHECK (guest_key IS NULL OR guest_key ~ '^[0-9a-f]{64}$'),
  type             text NOT NULL CHECK (type IN ('package', 'docs')),
  price_policy_id  bigint REFERENCES price_policies (id),
  docs_id          bigint REFERENCES documents (id) ON DELETE SET NULL,
  title            text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  amount           integer NOT NULL CHECK (amount > 0),
  currency         text NOT NULL DEFAULT 'CNY' CHECK (currency = 'CNY'),
  pay_method       text NOT NULL CHECK (pay_method IN ('alipay', 'wxpay')),
  channel          text NOT NULL CHECK (channel IN ('precreate', 'page', 'wap', 'native', 'h5', 'jsapi', 'app')),
  state            text NOT NULL DEFAULT 'created' CHECK (state IN ('created', 'paying', 'paid', 'closed', 'refunding', 'refunded')),
  provider_trade_no text CHECK (provider_trade_no IS NULL OR char_length(provider_trade_no) BETWEEN 1 AND 64),
  pay_start        jsonb,
  -- where the provider sends the browser back (page/wap/h5), and where the purchase started (a package's next page)
  return_path      text CHECK (return_path IS NULL OR char_length(return_path) <= 500),
  from_path        text CHECK (from_path IS NULL OR char_length(from_path) <= 500),
  create_time      timestamptz NOT NULL DEFAULT now(),
  expire_time      timestamptz NOT NULL,
  paid_time        timestamptz,
  closed_time      timestamptz,
  refunded_time    timestamptz,
  CHECK ((type = 'package') = (price_policy_id IS NOT NULL)),
  CHECK (guest_key IS NULL OR type = 'docs'),
  CHECK ((state IN ('paid', 'refunding', 'refunded')) = (provider_trade_no IS NOT NULL AND paid_time IS NOT NULL))
);

-- a provider's trade settles one order, once
CREATE UNIQUE INDEX orders_provider_trade_key ON orders (pay_method, provider_trade_no) WHERE provider_trade_no IS NOT NULL;
CREATE INDEX orders_user_time_idx ON orders (user_id, create_time DESC, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX orders_guest_idx ON orders (guest_key, create_time DESC) WHERE guest_key IS NOT NULL;
CREATE INDEX orders_open_idx ON orders (expire_time) WHERE state IN ('created', 'paying');

-- Every notification that reached us, verified or not: what happened to it (settled, duplicate, rejected: why).
CREATE TABLE payment_notifications (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pay_method   text NOT NULL,
  notify_id    text NOT NULL DEFAULT '',
  out_trade_no text NOT NULL DEFAULT '',
  verified     boolean NOT NULL,
  outcome      text NOT NULL,
  detail       text NOT NULL DEFAULT '',
  raw          text NOT NULL DEFAULT '',
  create_time  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_notifications_trade_idx ON payment_notifications (out_trade_no, create_time);

-- Packages people bought. What is left of one is the balance of its ledger account 'package:<id>'.
CREATE TABLE user_packages (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  order_id        bigint NOT NULL UNIQUE REFERENCES orders (id),
  price_policy_id bigint NOT NULL REFERENCES price_policies (id),
  name            text NOT NULL,
  downloads       integer NOT NULL CHECK (downloads > 0),
  max_doc_price   integer,
  revoked         boolean NOT NULL DEFAULT false,
  create_time     timestamptz NOT NULL DEFAULT now(),
  expire_time     timestamptz NOT NULL
);
CREATE INDEX user_packages_user_idx ON user_packages (user_id, expire_time DESC);

-- Full refunds, started by staff. One refund per order that is not failed.
CREATE TABLE refunds (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  refund_no          text NOT NULL UNIQUE CHECK (refund_no ~ '^[0-9A-Za-z_-]{6,64}$'),
  order_id           bigint NOT NULL REFERENCES orders (id),
  amount             integer NOT NULL CHECK (amount > 0),
  state              text NOT NULL DEFAULT 'processing' CHECK (state IN ('processing', 'success', 'failed')),
  reason             text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 200),
  operator           text NOT NULL DEFAULT '',
  provider_refund_id text,
  create_time        timestamptz NOT NULL DEFAULT now(),
  finish_time        timestamptz
);
CREATE UNIQUE INDEX refunds_one_per_order ON refunds (order_id) WHERE state <> 'failed';

-- A bought document downloads again for free until expire_time (pay_settings.redownload_days); source says
-- whether money (an order) or a package download paid for it. A refund deletes the row of its order.
ALTER TABLE docs_purchases ADD COLUMN expire_time timestamptz;
ALTER TABLE docs_purchases ADD COLUMN source text NOT NULL DEFAULT 'order' CHECK (source IN ('order', 'package', 'guest', 'coin'));

-- A paid document its uploader lets readers take with the daily free quota.
ALTER TABLE documents ADD COLUMN free_quota_ok boolean NOT NULL DEFAULT false;

-- A download paid for with a package download.
ALTER TABLE download_records DROP CONSTRAINT download_records_kind_check;
ALTER TABLE download_records ADD CONSTRAINT download_records_kind_check CHECK (kind IN ('free', 'paid', 'repeat', 'owner', 'package'));
