-- Site pages and site-wide settings (SPEC §7 "App and site"): the user agreement and privacy policy, the
-- third-party SDK list, the ICP record, app download clicks, and cached provider credentials (WeChat JS-SDK).

-- The long legal texts, one row per kind. `content` is plain text (paragraphs separated by blank lines), so
-- no client ever has to render stored HTML.
CREATE TABLE site_documents (
  kind           text PRIMARY KEY CHECK (kind IN ('user_agreement', 'user_privacy')),
  title          text NOT NULL,
  version        text NOT NULL,
  effective_date date NOT NULL,
  content        text NOT NULL,
  update_time    timestamptz NOT NULL DEFAULT now()
);

-- Third-party SDKs the apps embed (the list the privacy policy refers to).
CREATE TABLE sdk_list (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name           text NOT NULL,
  company        text NOT NULL,
  purpose        text NOT NULL,
  data_collected text NOT NULL,
  -- comma-separated subset of android, ios
  platforms      text NOT NULL CHECK (platforms ~ '^(android|ios)(,(android|ios))?$'),
  privacy_url    text NOT NULL CHECK (privacy_url ~ '^https://'),
  sequence       integer NOT NULL DEFAULT 0,
  enabled        boolean NOT NULL DEFAULT true
);

CREATE INDEX sdk_list_sequence_idx ON sdk_list (sequence, id) WHERE enabled;

-- Site-wide settings shown on every page (the ICP record in the footer, ...): key -> text.
CREATE TABLE site_settings (
  key         text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]{0,63}$'),
  value       text NOT NULL,
  update_time timestamptz NOT NULL DEFAULT now()
);

-- Clicks on "download the app" buttons, for the download statistics.
CREATE TABLE app_download_clicks (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  platform    text NOT NULL CHECK (platform IN ('android', 'ios', 'pc')),
  source      text NOT NULL DEFAULT '',
  version     text NOT NULL DEFAULT '',
  user_id     bigint REFERENCES users (id) ON DELETE SET NULL,
  ip          text NOT NULL DEFAULT '',
  user_agent  text NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX app_download_clicks_platform_time_idx ON app_download_clicks (platform, create_time DESC);

-- Short-lived credentials fetched from providers (the WeChat access token and JS-SDK ticket), shared by every
-- API process: WeChat invalidates an access token when a new one is requested, so processes must not each
-- fetch their own.
CREATE TABLE provider_tokens (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  expire_time timestamptz NOT NULL
);
