-- Orderings of the public document and blog lists (?ordering=-downloads, ...): without an index each page of
-- 100,000 documents sorts them all. A b-tree serves both directions (the id tie-breaker follows the first term).
CREATE INDEX documents_public_downloads_idx ON documents (downloads, id) WHERE status IN (1, 5);
CREATE INDEX documents_public_views_idx ON documents (views, id) WHERE status IN (1, 5);
CREATE INDEX documents_public_score_idx ON documents (score, id) WHERE status IN (1, 5);
CREATE INDEX documents_public_price_idx ON documents (price, id) WHERE status IN (1, 5);
CREATE INDEX blogs_public_views_idx ON blogs (views, id) WHERE status = 1;
CREATE INDEX blogs_public_update_time_idx ON blogs (update_time, id) WHERE status = 1;
