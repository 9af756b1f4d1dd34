-- The text of a document's first preview page (issue 21): a PDF preview is drawn by pdf.js in the browser, so the
-- page's HTML (crawlers, readers without JavaScript, screen readers before pdf.js) carries this text instead.
-- Written when a document is converted (pdftotext's first page) or seeded; at most 2,000 characters.
ALTER TABLE documents ADD COLUMN first_page_text text NOT NULL DEFAULT '' CHECK (char_length(first_page_text) <= 2000);
