ALTER TABLE "blog_posts" ALTER COLUMN "publication_date" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "publication_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "cover_media_id" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "cover_alt" text;--> statement-breakpoint
ALTER TABLE "map_icons" ADD COLUMN "retired_from" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_cover_media_id_media_items_id_fk" FOREIGN KEY ("cover_media_id") REFERENCES "public"."media_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_icons" ADD CONSTRAINT "map_icons_retired_from_format" CHECK ("map_icons"."retired_from" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$');--> statement-breakpoint
-- Hand-written below (docs/decisions/020). A mailing created from now on sets up stock only for the icon
-- types on sale in it: a type retired from that month or earlier gets none. Otherwise as in migration 0005.
CREATE OR REPLACE FUNCTION "ensure_mailing"(m text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	defaults jsonb;
	tz text;
	close_days int;
	due_days int;
	in_homes_day int;
	first_day date;
	close_local timestamp;
BEGIN
	IF m IS NULL OR EXISTS (SELECT 1 FROM "mailings" WHERE "month" = m) THEN
		RETURN;
	END IF;
	SELECT "value" INTO defaults FROM "site_settings" WHERE "key" = 'mailing_defaults';
	SELECT "value" #>> '{}' INTO tz FROM "site_settings" WHERE "key" = 'site_timezone';
	tz := coalesce(tz, 'America/New_York');
	close_days := coalesce((defaults->>'salesCloseDaysBefore')::int, 14);
	due_days := coalesce((defaults->>'artworkDueDaysAfterClose')::int, 3);
	in_homes_day := least(greatest(coalesce((defaults->>'inHomesDay')::int, 1), 1), 28);
	first_day := (m || '-01')::date;
	close_local := (first_day - close_days)::timestamp;
	INSERT INTO "mailings" ("month", "status", "sales_close_at", "artwork_due_at", "in_homes_date")
		VALUES (
			m,
			CASE WHEN (close_local AT TIME ZONE tz) <= now() THEN 'closed' ELSE 'open' END,
			close_local AT TIME ZONE tz,
			(close_local + make_interval(days => due_days)) AT TIME ZONE tz,
			first_day + (in_homes_day - 1)
		)
		ON CONFLICT ("month") DO NOTHING;
	INSERT INTO "mailing_icon_stock" ("month", "icon_id", "quantity", "available_quantity")
		SELECT m, i."id", i."total_quantity", i."total_quantity" FROM "map_icons" i
		WHERE i."retired_from" IS NULL OR i."retired_from" > m
		ON CONFLICT DO NOTHING;
END
$$;
