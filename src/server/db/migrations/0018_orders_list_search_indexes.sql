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
CREATE INDEX "purchases_created_idx" ON "purchases" USING btree ("created_at","id","statuses","types","mailing_months") WHERE "purchases"."live_lines" > 0;--> statement-breakpoint
CREATE TABLE "purchase_list_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	CONSTRAINT "purchase_list_version_single_row" CHECK ("purchase_list_version"."id" = 1)
);--> statement-breakpoint
-- Every committed transaction that changes purchases or order lines gives the single purchase_list_version
-- row a new random token, once, in the same transaction: the admin Orders list keeps its counts under the
-- token they were taken at (features/admin-orders/checkouts.service.ts), so a count is reused only while
-- nothing it could count has changed. As with catalogue_version, the row triggers are DEFERRED to commit, so
-- the rows' locks are the last a writer takes and are held only while it commits.
INSERT INTO "purchase_list_version" ("id", "token") VALUES (1, gen_random_uuid()::text);--> statement-breakpoint
CREATE FUNCTION "bump_purchase_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('townflyer.purchase_list_bumped', true) IS DISTINCT FROM 'yes' THEN
		PERFORM set_config('townflyer.purchase_list_bumped', 'yes', true);
		-- The catalogue_version row first, as bump_catalogue_version takes it: a commit that bumps both takes
		-- the two rows in one order, whichever of its changes queued its trigger first, so two such commits
		-- queue rather than deadlock.
		PERFORM 1 FROM "catalogue_version" WHERE "id" = 1 FOR UPDATE;
		INSERT INTO "purchase_list_version" ("id", "token") VALUES (1, gen_random_uuid()::text)
			ON CONFLICT ("id") DO UPDATE SET "token" = EXCLUDED."token";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "purchases_list_version_write" AFTER INSERT OR UPDATE OR DELETE ON "purchases"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_purchase_list_version"();--> statement-breakpoint
CREATE TRIGGER "purchases_list_version_truncate" AFTER TRUNCATE ON "purchases"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_purchase_list_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_list_version_write" AFTER INSERT OR UPDATE OR DELETE ON "orders"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_purchase_list_version"();--> statement-breakpoint
CREATE TRIGGER "orders_list_version_truncate" AFTER TRUNCATE ON "orders"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_purchase_list_version"();
