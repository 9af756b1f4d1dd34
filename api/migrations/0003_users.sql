-- Accounts (SPEC §3 "Client user info", §4 inactive states). An account is a phone number with its country
-- code; a third-party login may create one without a phone (inactive until a phone is bound).
CREATE TABLE users (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the uid the client sees
  country_code      text CHECK (country_code ~ '^[0-9]{1,4}$'),
  mobile            text CHECK (mobile ~ '^[0-9]{4,14}$'),
  email             text CHECK (email = lower(email)),
  -- argon2id PHC string; NULL until the person sets a password (SMS-code and third-party sign-ups)
  password_hash     text,
  nickname          text NOT NULL DEFAULT '' CHECK (char_length(nickname) < 255),
  gender            text CHECK (gender IN ('male', 'female')),
  level             smallint NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 3),
  avatar            text NOT NULL DEFAULT '',
  intro             text NOT NULL DEFAULT '',
  -- NULL means active (is_active = 1); otherwise why the account is restricted
  inactive_reason   text CHECK (inactive_reason IN ('TRD_LOGIN_NO_MOBILE', 'CODE_LOGIN_NO_PASSWORD', 'POST_SPAM_COMMENTS')),
  register_platform text NOT NULL DEFAULT '',
  share_app_key     text,
  create_time       timestamptz NOT NULL,
  update_time       timestamptz NOT NULL,
  -- a deleted account keeps its row (later ledgers reference it) but loses phone, e-mail and name
  delete_time       timestamptz,
  CHECK ((country_code IS NULL) = (mobile IS NULL))
);

CREATE UNIQUE INDEX users_phone_key ON users (country_code, mobile) WHERE mobile IS NOT NULL;
CREATE UNIQUE INDEX users_email_key ON users (email) WHERE email IS NOT NULL;

-- Accounts of other platforms linked to a user (mini-program, WeChat, Alipay, QQ, Weibo, ...).
CREATE TABLE trd_accounts (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider    text NOT NULL CHECK (provider ~ '^[a-z0-9_]{1,32}$'),
  openid      text NOT NULL,
  unionid     text,
  nickname    text NOT NULL DEFAULT '',
  avatar      text NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL,
  UNIQUE (provider, openid),
  UNIQUE (user_id, provider)
);

-- Security questions (SPEC §7 GET /api/pwd_protection_question/) and each user's hashed answers.
CREATE TABLE pwd_protection_questions (
  id       integer PRIMARY KEY,
  question text NOT NULL,
  sequence integer NOT NULL
);

INSERT INTO pwd_protection_questions (id, question, sequence) VALUES
  (1, '您母亲的姓名是？', 1),
  (2, '您父亲的姓名是？', 2),
  (3, '您配偶的姓名是？', 3),
  (4, '您的出生地是？', 4),
  (5, '您小学班主任的名字是？', 5),
  (6, '您初中就读的学校是？', 6),
  (7, '您最喜欢的一本书是？', 7),
  (8, '您的第一只宠物叫什么名字？', 8),
  (9, '您最好的朋友叫什么名字？', 9),
  (10, '您最难忘的一个日子是？', 10);

CREATE TABLE pwd_protection_answers (
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  position    smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
  question_id integer NOT NULL REFERENCES pwd_protection_questions (id),
  answer_hash text NOT NULL,  -- argon2id of the normalised answer
  update_time timestamptz NOT NULL,
  PRIMARY KEY (user_id, position),
  UNIQUE (user_id, question_id)
);
