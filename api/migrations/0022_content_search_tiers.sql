-- Search by relevance tiers (src/content/search/engine.ts): items whose title holds every searched word come
-- first, the other matches after them, each tier newest first. title_vector is the title's own jieba tokens.
-- The GIN indexes cover public items only (every search asks for those), which keeps them smaller, and write
-- through (fastupdate off): a pending list of unmerged entries would be scanned by every search until a VACUUM
-- merges it, and PGlite has no autovacuum. Uploads are rare next to searches.
ALTER TABLE documents ADD COLUMN title_vector tsvector NOT NULL DEFAULT ''::tsvector;
ALTER TABLE blogs ADD COLUMN title_vector tsvector NOT NULL DEFAULT ''::tsvector;

DROP INDEX documents_search_idx;
CREATE INDEX documents_search_idx ON documents USING gin (search_vector) WITH (fastupdate = off) WHERE status IN (1, 5);
CREATE INDEX documents_title_search_idx ON documents USING gin (title_vector) WITH (fastupdate = off) WHERE status IN (1, 5);

DROP INDEX blogs_search_idx;
CREATE INDEX blogs_search_idx ON blogs USING gin (search_vector) WITH (fastupdate = off) WHERE status = 1;
CREATE INDEX blogs_title_search_idx ON blogs USING gin (title_vector) WITH (fastupdate = off) WHERE status = 1;
