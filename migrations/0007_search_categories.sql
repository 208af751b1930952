-- Category search (decision 0035): a category page's search ("?search=fed" on /politics) asks the index for that
-- category's events only, inside the ranked full-text query. The full-text table gains a `categories` column
-- (the event's category slugs, app/lib/categories.ts `eventCategories`), weighted 0 in the ranking.
-- FTS5 cannot add a column, so the table is rebuilt with the rows it holds (their categories empty), and every
-- event's text hash is cleared: the next full pass rewrites each open event's full-text row once, with its
-- categories (about 2 rows written per open event, once).
CREATE VIRTUAL TABLE search_fts_next USING fts5(
  title,       -- the event's title
  outcomes,    -- its open markets' questions, group titles and outcome labels
  tags,        -- its tag labels
  categories,  -- its category slugs ("politics international"): filtered on, never ranked
  tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO search_fts_next (rowid, title, outcomes, tags, categories)
  SELECT rowid, title, outcomes, tags, '' FROM search_fts;
DROP TABLE search_fts;
ALTER TABLE search_fts_next RENAME TO search_fts;
INSERT INTO search_fts (search_fts, rank) VALUES ('rank', 'bm25(10.0, 3.0, 1.0, 0.0)');
UPDATE search_events SET text_hash = '';
