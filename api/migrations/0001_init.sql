-- Bookkeeping of applied migrations (rows are written by the migration runner, src/db/migrate.ts).
CREATE TABLE schema_migrations (
  version    integer PRIMARY KEY,
  name       text NOT NULL,
  checksum   text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);

-- Released app versions (SPEC §7 "App and site": /api/app-update/, /api/pc-update/, /api/app-version-detail/).
CREATE TABLE app_versions (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  platform     text NOT NULL CHECK (platform IN ('android', 'ios', 'pc')),
  -- dotted numbers only, so that ordering by string_to_array(version, '.')::int[] is well defined
  version      text NOT NULL CHECK (version ~ '^[0-9]{1,6}(\.[0-9]{1,6}){0,3}$'),
  download_url text NOT NULL,
  notes        text NOT NULL DEFAULT '',
  force_update boolean NOT NULL DEFAULT false,
  create_time  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (platform, version)
);

CREATE INDEX app_versions_platform_create_time_idx ON app_versions (platform, create_time DESC);

INSERT INTO app_versions (platform, version, download_url, notes, force_update, create_time) VALUES
  ('android', '2.3.0', '/static/app/wendang-2.3.0.apk',
   E'1. 新增文档收藏夹分组\n2. 优化搜索结果排序\n3. 修复部分机型上预览白屏的问题', false, '2025-01-10 10:00:00+08'),
  ('ios', '2.3.0', 'https://apps.apple.com/cn/app/id0000000000',
   E'1. 新增文档收藏夹分组\n2. 优化搜索结果排序', false, '2025-01-12 10:00:00+08'),
  ('pc', '1.8.0', '/static/app/wendang-setup-1.8.0.exe',
   E'1. 支持批量下载已购文档\n2. 阅读器支持夜间模式', false, '2025-02-20 09:30:00+08'),
  ('android', '2.4.0', '/static/app/wendang-2.4.0.apk',
   E'1. 新增活动中心与红包领取\n2. 金币明细支持按月筛选\n3. 提升大文档加载速度', false, '2025-04-18 11:00:00+08'),
  ('ios', '2.4.0', 'https://apps.apple.com/cn/app/id0000000000',
   E'1. 新增活动中心与红包领取\n2. 适配新版系统深色模式', false, '2025-04-20 11:00:00+08'),
  ('android', '2.4.1', '/static/app/wendang-2.4.1.apk',
   E'修复登录状态偶尔失效的问题，请尽快更新', true, '2025-05-06 16:00:00+08'),
  ('pc', '1.10.0', '/static/app/wendang-setup-1.10.0.exe',
   E'1. 全新的文档阅读器\n2. 支持扫码登录\n3. 修复若干已知问题', false, '2025-06-01 09:00:00+08');
