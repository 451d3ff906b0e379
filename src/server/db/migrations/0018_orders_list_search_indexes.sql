-- The admin Orders list's lookups on purchases. Its "contains" filters on business name and e-mail match
-- ILIKE '%…%' against the purchase's values joined by newlines: the joined text is now a column kept by
-- PostgreSQL, with a trigram index (pg_trgm, which PGlite loads as an extension), instead of being built and
-- matched for every purchase at each search. A stored column rather than an index on the expression: the
-- recheck of each candidate row reads the text instead of calling a function, and ANALYZE counts the
-- column's values, so the planner knows how many purchases a search matches. array_to_string() is only
-- STABLE (it formats any array type); joined_text() takes text[] alone and so always gives the same text.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE FUNCTION "joined_text"(parts text[]) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT array_to_string(parts, E'\n')
$$;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "business_names_text" text GENERATED ALWAYS AS (joined_text(business_names)) STORED;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "emails_text" text GENERATED ALWAYS AS (joined_text(emails)) STORED;--> statement-breakpoint
CREATE INDEX "purchases_business_names_trgm_idx" ON "purchases" USING gin ("business_names_text" gin_trgm_ops) WHERE "purchases"."live_lines" > 0;--> statement-breakpoint
CREATE INDEX "purchases_emails_trgm_idx" ON "purchases" USING gin ("emails_text" gin_trgm_ops) WHERE "purchases"."live_lines" > 0;--> statement-breakpoint
-- The default order's index also carries the arrays a status, type or mailing filter reads, so such a page
-- and its count are index-only scans instead of reads of every purchase row.
DROP INDEX "purchases_created_idx";--> statement-breakpoint
CREATE INDEX "purchases_created_idx" ON "purchases" USING btree ("created_at","id","statuses","types","mailing_months") WHERE "purchases"."live_lines" > 0;
