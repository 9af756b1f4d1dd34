-- View counts no longer drop the kept lists and searches (issue 21, docs/performance.md "Lists and search under load").
--
-- Each API process writes the views it counted every 5 s (view-counter.ts). With migration 0060's triggers every such
-- write told every process that items had changed, which dropped every kept list page and search each time: under a
-- live site's reading the kept answers lived at most 5 s. A view count is already 5 s late when it is written; the
-- lists show it, and sort by it, within their answers' 10 s limit instead. A detail page still shows it at once.
DROP TRIGGER document_views_items ON document_views;
DROP TRIGGER blog_views_items ON blog_views;
