-- Reading and search (issue 7): categories, stored files, documents, blogs and their appendices, comments,
-- favourites, browsing history, downloads, purchases, complaints and search keywords.
-- Every person column references users(id) (migration 0003).

-- A tree of categories; is_upload marks the ones an uploader may choose (GET /api/upload-category/).
CREATE TABLE content_categories (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_id   bigint REFERENCES content_categories (id) ON DELETE RESTRICT,
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  description text NOT NULL DEFAULT '',
  sequence    integer NOT NULL DEFAULT 0,
  is_upload   boolean NOT NULL DEFAULT true,
  create_time timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_id IS NULL OR parent_id <> id)
);

CREATE INDEX content_categories_parent_idx ON content_categories (parent_id, sequence, id);

-- Files on the storage (DATA_DIR/files): stored under a generated key, never under the uploader's file name,
-- which is kept only to name the download (Content-Disposition).
CREATE TABLE content_files (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  storage_key   text NOT NULL UNIQUE,
  original_name text NOT NULL CHECK (char_length(original_name) BETWEEN 1 AND 255),
  ext           text NOT NULL CHECK (ext ~ '^[a-z0-9]{1,8}$'),
  mime          text NOT NULL,
  size          bigint NOT NULL CHECK (size >= 0),
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  create_time   timestamptz NOT NULL DEFAULT now()
);

-- Documents. status: 0 待审核, 1 已发布, 2 未通过, 3 转换失败, 4 已下架 (after a complaint), 5 已恢复 (restored
-- after a complaint was answered); 1 and 5 are public. score is the average score x 10000 (4.5 -> 45000).
CREATE TABLE documents (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title          text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  summary        text NOT NULL DEFAULT '' CHECK (char_length(summary) <= 1000),
  category_id    bigint NOT NULL REFERENCES content_categories (id),
  uploader_id    bigint NOT NULL REFERENCES users (id),
  file_id        bigint NOT NULL REFERENCES content_files (id),
  file_type      text NOT NULL CHECK (file_type ~ '^[a-z0-9]{1,8}$'),
  ext_cate       text NOT NULL CHECK (ext_cate IN ('pdf', 'word', 'excel', 'ppt', 'other', 'compress')),
  size           bigint NOT NULL CHECK (size >= 0),
  pages          integer NOT NULL DEFAULT 1 CHECK (pages >= 0),
  status         smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 5),
  score          integer NOT NULL DEFAULT 0 CHECK (score BETWEEN 0 AND 50000),
  rating         smallint NOT NULL DEFAULT 5 CHECK (rating BETWEEN 1 AND 5),
  views          bigint NOT NULL DEFAULT 0 CHECK (views >= 0),
  downloads      bigint NOT NULL DEFAULT 0 CHECK (downloads >= 0),
  comment_count  integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
  collect_count  integer NOT NULL DEFAULT 0 CHECK (collect_count >= 0),
  price          integer NOT NULL DEFAULT 0 CHECK (price >= 0),   -- fen
  is_free        boolean NOT NULL DEFAULT true,
  -- jieba cutForSearch tokens of title, summary and text, built by the API (src/content/search)
  search_vector  tsvector NOT NULL DEFAULT ''::tsvector,
  create_time    timestamptz NOT NULL DEFAULT now(),
  update_time    timestamptz NOT NULL DEFAULT now(),
  CHECK (is_free = (price = 0))
);

CREATE INDEX documents_search_idx ON documents USING gin (search_vector);
CREATE INDEX documents_public_time_idx ON documents (create_time DESC, id DESC) WHERE status IN (1, 5);
CREATE INDEX documents_category_time_idx ON documents (category_id, create_time DESC, id DESC) WHERE status IN (1, 5);
CREATE INDEX documents_uploader_idx ON documents (uploader_id, create_time DESC);
CREATE INDEX documents_title_prefix_idx ON documents (title text_pattern_ops) WHERE status IN (1, 5);

-- Blog posts. status: 0 草稿, 1 已发布, 2 审核未通过, 3 已下架; only 1 is public.
CREATE TABLE blogs (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title          text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  summary        text NOT NULL DEFAULT '' CHECK (char_length(summary) <= 1000),
  content        text NOT NULL DEFAULT '' CHECK (char_length(content) <= 200000),  -- Markdown
  category_id    bigint NOT NULL REFERENCES content_categories (id),
  author_id      bigint NOT NULL REFERENCES users (id),
  status         smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
  views          bigint NOT NULL DEFAULT 0 CHECK (views >= 0),
  comment_count  integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
  collect_count  integer NOT NULL DEFAULT 0 CHECK (collect_count >= 0),
  search_vector  tsvector NOT NULL DEFAULT ''::tsvector,
  create_time    timestamptz NOT NULL DEFAULT now(),
  update_time    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX blogs_search_idx ON blogs USING gin (search_vector);
CREATE INDEX blogs_public_time_idx ON blogs (create_time DESC, id DESC) WHERE status = 1;
CREATE INDEX blogs_category_time_idx ON blogs (category_id, create_time DESC, id DESC) WHERE status = 1;
CREATE INDEX blogs_author_idx ON blogs (author_id, create_time DESC);

-- Files attached to a blog post (blogs-appendix-storage), downloaded with the free quota or a price.
CREATE TABLE blog_appendices (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  blogs_id    bigint NOT NULL REFERENCES blogs (id) ON DELETE CASCADE,
  file_id     bigint NOT NULL REFERENCES content_files (id),
  uploader_id bigint NOT NULL REFERENCES users (id),
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  price       integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  downloads   bigint NOT NULL DEFAULT 0 CHECK (downloads >= 0),
  create_time timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX blog_appendices_blog_idx ON blog_appendices (blogs_id, id);

-- Comments on a document or a blog post (exactly one of the two). status: 1 shown, 0 hidden by moderation.
CREATE TABLE content_comments (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  docs_id     bigint REFERENCES documents (id) ON DELETE CASCADE,
  blogs_id    bigint REFERENCES blogs (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id),
  content     text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 500),
  status      smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  create_time timestamptz NOT NULL DEFAULT now(),
  CHECK ((docs_id IS NULL) <> (blogs_id IS NULL))
);

CREATE INDEX content_comments_docs_idx ON content_comments (docs_id, create_time DESC, id DESC) WHERE docs_id IS NOT NULL;
CREATE INDEX content_comments_blogs_idx ON content_comments (blogs_id, create_time DESC, id DESC) WHERE blogs_id IS NOT NULL;
CREATE INDEX content_comments_user_idx ON content_comments (user_id, create_time DESC);

-- Favourites: named folders (private unless is_public), each item in one folder of its owner.
CREATE TABLE collect_folders (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 30),
  is_public   boolean NOT NULL DEFAULT false,
  is_default  boolean NOT NULL DEFAULT false,
  create_time timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, name)
);

CREATE UNIQUE INDEX collect_folders_default_key ON collect_folders (user_id) WHERE is_default;

CREATE TABLE collect_items (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  folder_id   bigint NOT NULL REFERENCES collect_folders (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  docs_id     bigint REFERENCES documents (id) ON DELETE CASCADE,
  blogs_id    bigint REFERENCES blogs (id) ON DELETE CASCADE,
  create_time timestamptz NOT NULL DEFAULT now(),
  CHECK ((docs_id IS NULL) <> (blogs_id IS NULL))
);

CREATE UNIQUE INDEX collect_items_docs_key ON collect_items (user_id, docs_id) WHERE docs_id IS NOT NULL;
CREATE UNIQUE INDEX collect_items_blogs_key ON collect_items (user_id, blogs_id) WHERE blogs_id IS NOT NULL;
CREATE INDEX collect_items_folder_idx ON collect_items (folder_id, create_time DESC, id DESC);

-- Browsing history of logged-in users: one row per item, moved to the top on every visit.
CREATE TABLE browsing_history (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  docs_id     bigint REFERENCES documents (id) ON DELETE CASCADE,
  blogs_id    bigint REFERENCES blogs (id) ON DELETE CASCADE,
  create_time timestamptz NOT NULL DEFAULT now(),
  CHECK ((docs_id IS NULL) <> (blogs_id IS NULL))
);

CREATE UNIQUE INDEX browsing_history_docs_key ON browsing_history (user_id, docs_id) WHERE docs_id IS NOT NULL;
CREATE UNIQUE INDEX browsing_history_blogs_key ON browsing_history (user_id, blogs_id) WHERE blogs_id IS NOT NULL;
CREATE INDEX browsing_history_user_time_idx ON browsing_history (user_id, create_time DESC, id DESC);

-- Every download, by a user or a visitor (cookie + address). counted: it used the daily free quota.
-- kind: free (a free item), paid (bought), repeat (the same item again the same day), owner (own upload).
CREATE TABLE download_records (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       bigint REFERENCES users (id) ON DELETE SET NULL,
  visitor_id    text,
  ip            text NOT NULL DEFAULT '',
  docs_id       bigint REFERENCES documents (id) ON DELETE CASCADE,
  appendix_id   bigint REFERENCES blog_appendices (id) ON DELETE CASCADE,
  file_id       bigint NOT NULL REFERENCES content_files (id),
  kind          text NOT NULL CHECK (kind IN ('free', 'paid', 'repeat', 'owner')),
  counted       boolean NOT NULL,
  share_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  create_time   timestamptz NOT NULL DEFAULT now(),
  CHECK ((docs_id IS NULL) <> (appendix_id IS NULL)),
  CHECK (user_id IS NOT NULL OR visitor_id IS NOT NULL)
);

CREATE INDEX download_records_user_idx ON download_records (user_id, create_time DESC) WHERE user_id IS NOT NULL;
CREATE INDEX download_records_visitor_idx ON download_records (visitor_id, create_time DESC) WHERE visitor_id IS NOT NULL;
CREATE INDEX download_records_ip_idx ON download_records (ip, create_time DESC) WHERE user_id IS NULL;
CREATE INDEX download_records_docs_idx ON download_records (docs_id, create_time DESC) WHERE docs_id IS NOT NULL;

-- Documents a user may download without paying again (written by the payment work when an order is paid).
CREATE TABLE docs_purchases (
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  docs_id     bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  order_no    text NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, docs_id)
);

-- Complaints (/api/articles-report/). status: 0 待处理, 1 处理中, 2 已处理 (content removed), 3 已驳回.
CREATE TABLE content_reports (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_type text NOT NULL CHECK (target_type IN ('docs', 'blogs', 'comment')),
  target_id   bigint NOT NULL,
  reason      text NOT NULL CHECK (reason IN ('infringement', 'porn', 'politics', 'ad', 'fraud', 'other')),
  content     text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 1000),
  contact     text NOT NULL DEFAULT '' CHECK (char_length(contact) <= 100),
  status      smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
  reply       text NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX content_reports_user_idx ON content_reports (user_id, create_time DESC, id DESC);
CREATE UNIQUE INDEX content_reports_open_key ON content_reports (user_id, target_type, target_id) WHERE status IN (0, 1);

-- Search keywords: counts per day (hot keywords of the last days) and in total (suggestions as you type).
-- A keyword counts once per searcher and day (search_keyword_hits), so one person cannot push it up.
CREATE TABLE search_keywords (
  keyword     text PRIMARY KEY CHECK (char_length(keyword) BETWEEN 1 AND 50),
  total       bigint NOT NULL DEFAULT 0,
  last_time   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX search_keywords_prefix_idx ON search_keywords (keyword text_pattern_ops);
CREATE INDEX search_keywords_total_idx ON search_keywords (total DESC);

CREATE TABLE search_keyword_days (
  day     date NOT NULL,
  keyword text NOT NULL REFERENCES search_keywords (keyword) ON DELETE CASCADE,
  count   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, keyword)
);

CREATE TABLE search_keyword_hits (
  day      date NOT NULL,
  keyword  text NOT NULL,
  searcher text NOT NULL,
  PRIMARY KEY (day, keyword, searcher)
);
