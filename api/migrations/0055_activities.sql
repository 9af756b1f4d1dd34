-- Activities, red packets and invitations (issue 19). Rewards are coin ledger entries (modules/ledger);
-- docs/activities.md has the rules these rows hold.

-- An activity staff edit: an upload theme, a new-user gift or an invitation drive. Its rules text and numbers are
-- data, not code (the rules page reads them from the API).
CREATE TABLE activities (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind              text NOT NULL CHECK (kind IN ('upload_theme', 'new_user', 'invite')),
  title             text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
  summary           text NOT NULL DEFAULT '' CHECK (char_length(summary) <= 500),
  rules             text NOT NULL DEFAULT '' CHECK (char_length(rules) <= 5000),
  cover             text NOT NULL DEFAULT '',
  -- upload theme: documents of this category (NULL: any category) approved during the period
  category_id       bigint REFERENCES content_categories (id) ON DELETE SET NULL,
  target_count      integer NOT NULL DEFAULT 0 CHECK (target_count BETWEEN 0 AND 1000),
  -- the prize: coins for the participant (theme, gift, invitee) and for the inviter
  reward_coins      integer NOT NULL DEFAULT 0 CHECK (reward_coins BETWEEN 0 AND 1000000),
  inviter_coins     integer NOT NULL DEFAULT 0 CHECK (inviter_coins BETWEEN 0 AND 1000000),
  -- new-user gift: accounts at most this many days old
  max_account_days  integer NOT NULL DEFAULT 7 CHECK (max_account_days BETWEEN 0 AND 3650),
  -- invitation drive: rewarded invitations per inviter per day (beyond it they wait for the next day)
  daily_limit       integer NOT NULL DEFAULT 10 CHECK (daily_limit BETWEEN 0 AND 1000),
  -- how long after the end a reached prize may still be claimed
  claim_days        integer NOT NULL DEFAULT 7 CHECK (claim_days BETWEEN 0 AND 365),
  start_time        timestamptz NOT NULL,
  end_time          timestamptz NOT NULL,
  active            boolean NOT NULL DEFAULT true,
  sequence          integer NOT NULL DEFAULT 0,
  create_time       timestamptz NOT NULL DEFAULT now(),
  update_time       timestamptz NOT NULL DEFAULT now(),
  CHECK (end_time > start_time)
);
CREATE INDEX activities_list_idx ON activities (sequence, id) WHERE active;

-- Who joined which theme (its "how many joined").
CREATE TABLE activity_joins (
  activity_id  bigint NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  create_time  timestamptz NOT NULL,
  PRIMARY KEY (activity_id, user_id)
);

-- What someone earned from an activity (my claims). One theme prize or gift per person and activity; a gift
-- also one per phone and per device; one inviter and one invitee reward per invitation.
CREATE TABLE activity_claims (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  activity_id  bigint NOT NULL REFERENCES activities (id),
  user_id      bigint NOT NULL REFERENCES users (id),
  kind         text NOT NULL CHECK (kind IN ('theme_prize', 'new_user_gift', 'invite_inviter', 'invite_invitee')),
  coins        integer NOT NULL CHECK (coins >= 0),
  state        text NOT NULL DEFAULT 'credited' CHECK (state IN ('credited')),
  title        text NOT NULL DEFAULT '',
  -- invitation rewards: the invitee's id (one inviter reward per invitee)
  invitee_id   bigint,
  phone        text,
  device       text,
  entry_id     bigint,
  create_time  timestamptz NOT NULL
);
CREATE UNIQUE INDEX activity_claims_once_key ON activity_claims (activity_id, user_id, kind) WHERE kind IN ('theme_prize', 'new_user_gift', 'invite_invitee');
CREATE UNIQUE INDEX activity_claims_invitee_key ON activity_claims (activity_id, invitee_id) WHERE kind = 'invite_inviter';
CREATE UNIQUE INDEX activity_claims_phone_key ON activity_claims (activity_id, phone) WHERE kind = 'new_user_gift';
CREATE UNIQUE INDEX activity_claims_device_key ON activity_claims (activity_id, device) WHERE kind = 'new_user_gift';
CREATE INDEX activity_claims_user_idx ON activity_claims (user_id, id DESC);

-- Every user's 5-digit invite code, issued the first time it is asked for (10000-99999, no leading zero).
-- device: the browser that last showed it (a registration from it with this code is self-invitation).
CREATE TABLE invite_codes (
  user_id      bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code         text NOT NULL UNIQUE CHECK (code ~ '^[1-9][0-9]{4}$'),
  device       text,
  create_time  timestamptz NOT NULL
);

-- Who registered with whose code; rewarded once the invitee did something real (docs/activities.md).
CREATE TABLE invitations (
  invitee_id     bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  inviter_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code           text NOT NULL,
  create_time    timestamptz NOT NULL,
  rewarded_time  timestamptz,
  CHECK (invitee_id <> inviter_id)
);
CREATE INDEX invitations_inviter_idx ON invitations (inviter_id, create_time DESC);
CREATE INDEX invitations_pending_idx ON invitations (create_time) WHERE rewarded_time IS NULL;

-- Red packets: a total of coins split into shares (double-average), from a user's coins or the site's budget.
CREATE TABLE red_packets (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sender_id         bigint REFERENCES users (id),          -- NULL: the site's (staff made it)
  title             text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 50),
  total_coins       integer NOT NULL CHECK (total_coins > 0),
  shares            integer NOT NULL CHECK (shares BETWEEN 1 AND 10000),
  min_unit          integer NOT NULL DEFAULT 1 CHECK (min_unit >= 1),
  remaining_coins   integer NOT NULL CHECK (remaining_coins >= 0),
  remaining_shares  integer NOT NULL CHECK (remaining_shares >= 0),
  state             text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'finished', 'expired')),
  returned_coins    integer NOT NULL DEFAULT 0 CHECK (returned_coins >= 0),
  expire_time       timestamptz NOT NULL,
  create_time       timestamptz NOT NULL,
  CHECK (total_coins >= shares * min_unit),
  CHECK (remaining_coins <= total_coins AND remaining_shares <= shares),
  CHECK ((remaining_shares = 0) = (remaining_coins = 0) OR state = 'expired')
);
CREATE INDEX red_packets_open_idx ON red_packets (expire_time) WHERE state = 'open';
CREATE INDEX red_packets_sender_idx ON red_packets (sender_id, id DESC);

CREATE TABLE red_packet_claims (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  packet_id    bigint NOT NULL REFERENCES red_packets (id),
  user_id      bigint NOT NULL REFERENCES users (id),
  coins        integer NOT NULL CHECK (coins > 0),
  create_time  timestamptz NOT NULL,
  UNIQUE (packet_id, user_id)
);
CREATE INDEX red_packet_claims_user_idx ON red_packet_claims (user_id, id DESC);

-- The demo's three activities (staff change or end them).
INSERT INTO activities (kind, title, summary, rules, target_count, reward_coins, inviter_coins, max_account_days, daily_limit, start_time, end_time, sequence) VALUES
  ('upload_theme', '优质文档上传月', '活动期间上传 3 篇文档并通过审核，即可领取 300 金币。',
   E'1. 报名后，活动期间上传的文档通过审核（已发布）即计入进度，文档分类以活动页为准。\n2. 通过审核的文档达到 3 篇即可领取 300 金币奖励，每人限领一次。\n3. 活动结束后 7 天内可领取，逾期视为放弃。\n4. 抄袭、侵权或重复上传的文档不计入，已发放的奖励将收回。',
   3, 300, 0, 7, 10, now() - interval '1 day', now() + interval '365 days', 1),
  ('new_user', '新人礼包', '注册 7 天内的新用户可领取 100 金币。',
   E'1. 注册 7 天内、已完成激活的账号可领取一次。\n2. 同一手机号、同一设备只能领取一次。\n3. 金币可用于下载付费文档。',
   0, 100, 0, 7, 10, now() - interval '1 day', now() + interval '365 days', 2),
  ('invite', '邀请好友得金币', '好友用你的邀请码注册，完成首次上传通过审核或首次付费后，你得 200 金币，好友得 50 金币。',
   E'1. 每位用户有一个 5 位数字邀请码，好友注册时填写即建立邀请关系。\n2. 好友完成账号激活，且有 1 篇文档通过审核或完成 1 笔付费订单后，双方获得奖励。\n3. 不能邀请自己：在自己的设备上用自己的邀请码注册不计入。\n4. 每人每天最多获得 10 次邀请奖励，超出的次日发放。',
   0, 50, 200, 7, 10, now() - interval '1 day', now() + interval '365 days', 3);
