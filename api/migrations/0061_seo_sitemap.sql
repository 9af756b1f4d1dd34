-- Sitemaps (issue 21, docs/seo.md): the public documents and blogs in id order with their last change. The cut of
-- the sitemap into pages of 50,000 (one pass over every public id) and each page's id range become index-only
-- scans, with no sort, instead of a scan of the whole table.
CREATE INDEX documents_public_id_idx ON documents (id) INCLUDE (update_time) WHERE status IN (1, 5);
CREATE INDEX blogs_public_id_idx ON blogs (id) INCLUDE (update_time) WHERE status = 1;
