-- View counts in narrow tables of their own. The counter writes them every few seconds; while they were the
-- `views` column of documents and blogs (indexed for ?ordering=views), each counted row was a non-HOT update that
-- rewrote every index entry of the wide row, the GIN search indexes included: 2.4-2.9 s of PGlite's one thread
-- per 1,000 counted documents. Here an update touches a 2-column row, its primary key and its (views, id) index.
-- Every document and blog has exactly one row (the triggers below add it), so reads join them as inner joins and
-- ?ordering=views walks the (views, id) index.

CREATE TABLE document_views (
  document_id bigint PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
  views       bigint NOT NULL DEFAULT 0 CHECK (views >= 0)
);

CREATE TABLE blog_views (
  blog_id bigint PRIMARY KEY REFERENCES blogs (id) ON DELETE CASCADE,
  views   bigint NOT NULL DEFAULT 0 CHECK (views >= 0)
);

INSERT INTO document_views (document_id, views) SELECT id, views FROM documents;
INSERT INTO blog_views (blog_id, views) SELECT id, views FROM blogs;

-- ?ordering=views and -views (a b-tree serves both directions; the id follows the first term)
CREATE INDEX document_views_views_idx ON document_views (views, document_id);
CREATE INDEX blog_views_views_idx ON blog_views (views, blog_id);

-- the counter row of every new document and blog, in the statement that inserts them (one INSERT per statement,
-- so a bulk insert of 500 rows adds 500 counter rows at once)
CREATE FUNCTION document_views_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_views (document_id) SELECT id FROM new_documents;
  RETURN NULL;
END
$$;

CREATE TRIGGER documents_add_views AFTER INSERT ON documents REFERENCING NEW TABLE AS new_documents
  FOR EACH STATEMENT EXECUTE FUNCTION document_views_add();

CREATE FUNCTION blog_views_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO blog_views (blog_id) SELECT id FROM new_blogs;
  RETURN NULL;
END
$$;

CREATE TRIGGER blogs_add_views AFTER INSERT ON blogs REFERENCING NEW TABLE AS new_blogs
  FOR EACH STATEMENT EXECUTE FUNCTION blog_views_add();

-- the old columns go (with their indexes documents_public_views_idx and blogs_public_views_idx of 0021):
-- nothing may read a count that is no longer written
DROP INDEX documents_public_views_idx;
DROP INDEX blogs_public_views_idx;
ALTER TABLE documents DROP COLUMN views;
ALTER TABLE blogs DROP COLUMN views;
