-- The Kalshi markets a shown pair names (decision 0057): when the crawl's rows for the day run short, their
-- changes are written first, so the prices the pages set beside Polymarket's are the freshest. Kept by the
-- pairing job (only the markets whose flag changes are written); set here once for the pairs already stored.
ALTER TABLE kalshi_markets ADD COLUMN paired INTEGER NOT NULL DEFAULT 0;
UPDATE kalshi_markets SET paired = 1 WHERE ticker IN (SELECT kalshi_ticker FROM cross_venue_pairs);
