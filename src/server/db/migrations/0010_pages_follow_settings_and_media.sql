-- Hand-written (triggers are not generated from schema.ts). The server-rendered public pages show the site
-- settings (the heading font, the calendar's default month) and the media lists (the map example, the prior
-- work) besides the catalogue, and their render cache keeps a page under the catalogue version
-- (http/page-cache.ts): so a committed change of site_settings, calendar_settings or media_items gives the
-- version a new token too, with the same deferred, once-per-transaction trigger as migration 0003.
CREATE CONSTRAINT TRIGGER "site_settings_catalogue_version_write" AFTER INSERT OR DELETE ON "site_settings"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_settings_catalogue_version_update" AFTER UPDATE ON "site_settings"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "site_settings_catalogue_version_truncate" AFTER TRUNCATE ON "site_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "calendar_settings_catalogue_version_write" AFTER INSERT OR DELETE ON "calendar_settings"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "calendar_settings_catalogue_version_update" AFTER UPDATE ON "calendar_settings"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "calendar_settings_catalogue_version_truncate" AFTER TRUNCATE ON "calendar_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "media_items_catalogue_version_write" AFTER INSERT OR DELETE ON "media_items"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "media_items_catalogue_version_update" AFTER UPDATE ON "media_items"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "media_items_catalogue_version_truncate" AFTER TRUNCATE ON "media_items"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
