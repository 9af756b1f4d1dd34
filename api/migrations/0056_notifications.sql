-- Notifications (issue 17): one row per message a user gets, newest first, with its read flag.
-- Staff announcements are stored once and fanned out lazily: a user's rows for the announcements they have not
-- got yet are written when they next ask for their messages or count (one insert of the few new ones), so
-- sending to everyone costs one row, and someone who never comes back costs nothing.
CREATE TABLE announcements (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title       text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 60),
  body        text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  audience    text NOT NULL CHECK (audience IN ('all', 'uploaders', 'users')),
  user_ids    bigint[] NOT NULL DEFAULT '{}',
  link        jsonb,
  sender_id   bigint NOT NULL REFERENCES users (id),
  create_time timestamptz NOT NULL
);

CREATE TABLE notifications (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind            text NOT NULL,
  title           text NOT NULL,
  body            text NOT NULL,
  -- {route, query?}: a site route as the front end's routeLinkPath takes it
  link            jsonb,
  announcement_id bigint REFERENCES announcements (id) ON DELETE CASCADE,
  is_read         boolean NOT NULL DEFAULT false,
  deleted         boolean NOT NULL DEFAULT false,
  create_time     timestamptz NOT NULL,
  read_time       timestamptz
);

-- a user's pages, newest first; the unread count; one row per announcement and user
CREATE INDEX notifications_user_page_idx ON notifications (user_id, create_time DESC, id DESC) WHERE NOT deleted;
CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE NOT deleted AND NOT is_read;
CREATE UNIQUE INDEX notifications_announcement_idx ON notifications (announcement_id, user_id) WHERE announcement_id IS NOT NULL;

-- Per user: which kinds also go by SMS or mail, and the newest announcement already fanned out to them.
CREATE TABLE notification_settings (
  user_id           bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sms_kinds         text[] NOT NULL DEFAULT '{}',
  mail_kinds        text[] NOT NULL DEFAULT '{}',
  last_announcement bigint NOT NULL DEFAULT 0
);

-- SMS and mail copies wait here for the sender (written inside the event's transaction, sent after it).
CREATE TABLE notification_outbox (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  channel         text NOT NULL CHECK (channel IN ('sms', 'mail')),
  state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'skipped', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  create_time     timestamptz NOT NULL,
  send_time       timestamptz
);
CREATE INDEX notification_outbox_pending_idx ON notification_outbox (id) WHERE state = 'pending';
