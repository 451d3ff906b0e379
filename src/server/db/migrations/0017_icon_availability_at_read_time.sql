-- What is left of an icon in a mailing is no longer stored: it is derived when read, quantity − paid orders −
-- live holds of that icon in that mailing (a live hold: pending, with no expiry or one still in the future),
-- so no writer recomputes anything and a hold that lapses by time is free again with no write at all
-- (docs/decisions/007). The stock row stays as the quantity and as the lock every sale takes.
ALTER TABLE "mailing_icon_stock" DROP COLUMN "available_quantity";--> statement-breakpoint
-- The claims of an (icon, mailing) are counted on every public read of the icons: with expires_at in the
-- index, the count (paid, or pending with an expiry ahead) is an index-only scan.
DROP INDEX "orders_map_icon_mailing_idx";--> statement-breakpoint
CREATE INDEX "orders_map_icon_mailing_idx" ON "orders" USING btree ("map_icon_id","mailing_month","status","expires_at");--> statement-breakpoint
-- Hand-written below. The functions that create stock rows, as in migrations 0005 and 0012 without the
-- dropped column.
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
	INSERT INTO "mailing_icon_stock" ("month", "icon_id", "quantity")
		SELECT m, i."id", i."total_quantity" FROM "map_icons" i
		WHERE i."retired_from" IS NULL OR i."retired_from" > m
		ON CONFLICT DO NOTHING;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "map_icon_mailing_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "mailing_icon_stock" ("month", "icon_id", "quantity")
		SELECT m."month", NEW."id", NEW."total_quantity" FROM "mailings" m
		ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- The public reads derive availability from the orders, so a committed change of an icon claim is a change
-- of the catalogue: it gives the read cache's version a new token (migration 0003), as the rewrite of the
-- stored figure used to. Whatever path writes the order (checkout, payment, webhook, sweeper, an
-- administrator, an import), the database does it. An order is a claim on its icon while paid, or pending
-- with no expiry or one still in the future; a change bumps the version when the order becomes or stops
-- being a claim, when a claim moves to another icon or mailing, or when a live hold's expiry changes (the
-- read cache keeps an answer only until the earliest live hold lapses, lib/catalogue-version.ts). A hold
-- that lapses by time needs no write to show; sweeping it afterwards (pending → expired) changes nothing
-- public and bumps nothing.
CREATE FUNCTION "order_is_icon_claim"(icon uuid, status text, expires_at timestamptz) RETURNS boolean
	LANGUAGE sql STABLE AS $$
	SELECT icon IS NOT NULL AND (status = 'paid' OR (status = 'pending' AND (expires_at IS NULL OR expires_at > now())))
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_icon_claim_catalogue_version_insert" AFTER INSERT ON "orders"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN ("order_is_icon_claim"(NEW."map_icon_id", NEW."status", NEW."expires_at"))
	EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_icon_claim_catalogue_version_delete" AFTER DELETE ON "orders"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN ("order_is_icon_claim"(OLD."map_icon_id", OLD."status", OLD."expires_at"))
	EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_icon_claim_catalogue_version_update" AFTER UPDATE ON "orders"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (
		"order_is_icon_claim"(OLD."map_icon_id", OLD."status", OLD."expires_at")
			IS DISTINCT FROM "order_is_icon_claim"(NEW."map_icon_id", NEW."status", NEW."expires_at")
		OR ("order_is_icon_claim"(NEW."map_icon_id", NEW."status", NEW."expires_at") AND (
			OLD."map_icon_id" IS DISTINCT FROM NEW."map_icon_id"
			OR OLD."mailing_month" IS DISTINCT FROM NEW."mailing_month"
			OR (NEW."status" = 'pending'
				AND (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at"))
		))
	)
	EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "orders_catalogue_version_truncate" AFTER TRUNCATE ON "orders"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
