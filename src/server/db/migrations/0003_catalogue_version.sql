CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"token" text NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
-- Hand-written below (triggers are not generated from schema.ts; see docs/benchmarks.md, "Read cache").
-- Every committed transaction that changes a row of calendar_days, map_icons or blog_posts gives the single
-- catalogue_version row a new random token (and adds 1 to its version), in the same transaction as the
-- change. The row triggers are DEFERRED to commit, so the lock on that row is the last lock a writer takes
-- and is held only while it commits: writers serialise there, but none waits for it while holding it (no
-- deadlock). A transaction-local flag makes it happen once per transaction however many rows changed, and
-- the upsert recreates the row should a restore have emptied the table. The new token is also sent with
-- NOTIFY (delivered at commit): a PGlite process, the only writer of its folder, learns every change from
-- it without asking (lib/catalogue-version.ts).
INSERT INTO "catalogue_version" ("id", "version", "token") VALUES (1, 0, gen_random_uuid()::text);--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	next_token text;
	next_version bigint;
BEGIN
	IF current_setting('townflyer.catalogue_bumped', true) IS DISTINCT FROM 'yes' THEN
		PERFORM set_config('townflyer.catalogue_bumped', 'yes', true);
		next_token := gen_random_uuid()::text;
		INSERT INTO "catalogue_version" ("id", "version", "token") VALUES (1, 1, next_token)
			ON CONFLICT ("id") DO UPDATE SET "version" = "catalogue_version"."version" + 1, "token" = EXCLUDED."token"
			RETURNING "version" INTO next_version;
		PERFORM pg_notify('townflyer_catalogue_version', next_version || ' ' || next_token);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "calendar_days_catalogue_version_write" AFTER INSERT OR DELETE ON "calendar_days"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "calendar_days_catalogue_version_update" AFTER UPDATE ON "calendar_days"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "calendar_days_catalogue_version_truncate" AFTER TRUNCATE ON "calendar_days"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "map_icons_catalogue_version_write" AFTER INSERT OR DELETE ON "map_icons"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "map_icons_catalogue_version_update" AFTER UPDATE ON "map_icons"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "map_icons_catalogue_version_truncate" AFTER TRUNCATE ON "map_icons"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "blog_posts_catalogue_version_write" AFTER INSERT OR DELETE ON "blog_posts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "blog_posts_catalogue_version_update" AFTER UPDATE ON "blog_posts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_catalogue_version_truncate" AFTER TRUNCATE ON "blog_posts"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
