CREATE TABLE "email_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_icon_stock" (
	"month" text NOT NULL,
	"icon_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"available_quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_icon_stock_month_icon_id_pk" PRIMARY KEY("month","icon_id"),
	CONSTRAINT "mailing_icon_stock_quantity_nonnegative" CHECK ("mailing_icon_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"month" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"sales_close_at" timestamp with time zone NOT NULL,
	"artwork_due_at" timestamp with time zone NOT NULL,
	"in_homes_date" date NOT NULL,
	"waitlist_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailings_month_format" CHECK ("mailings"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "mailings_status" CHECK ("mailings"."status" IN ('open', 'closed', 'printed', 'mailed'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mailing_month" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mailing_icon_stock" ADD CONSTRAINT "mailing_icon_stock_month_mailings_month_fk" FOREIGN KEY ("month") REFERENCES "public"."mailings"("month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_icon_stock" ADD CONSTRAINT "mailing_icon_stock_icon_id_map_icons_id_fk" FOREIGN KEY ("icon_id") REFERENCES "public"."map_icons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailing_icon_stock_icon_idx" ON "mailing_icon_stock" USING btree ("icon_id");--> statement-breakpoint
CREATE INDEX "mailings_status_close_idx" ON "mailings" USING btree ("status","sales_close_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_mailing_month_mailings_month_fk" FOREIGN KEY ("mailing_month") REFERENCES "public"."mailings"("month") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_mailing_status_idx" ON "orders" USING btree ("mailing_month","status");--> statement-breakpoint
CREATE INDEX "orders_map_icon_mailing_idx" ON "orders" USING btree ("map_icon_id","mailing_month","status");--> statement-breakpoint
ALTER TABLE "map_icons" DROP COLUMN "available_quantity";--> statement-breakpoint
-- Hand-written below (docs/decisions/012). A mailing per month exists as soon as a day of that
-- month does, whichever path writes the day (the admin's range, the seed, an import): ensure_mailing()
-- creates it with the default dates from site_settings ('mailing_defaults': salesCloseDaysBefore,
-- artworkDueDaysAfterClose, inHomesDay; 'site_timezone', written at start from SITE_TIMEZONE), and its
-- icon stock from every icon's default quantity. A mailing whose sales close has already passed is created
-- closed.
CREATE FUNCTION "ensure_mailing"(m text) RETURNS void LANGUAGE plpgsql AS $$
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
		ON CONFLICT DO NOTHING;
END
$$;--> statement-breakpoint
CREATE FUNCTION "calendar_day_mailing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "ensure_mailing"(to_char(NEW."date", 'YYYY-MM'));
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "calendar_days_mailing" BEFORE INSERT OR UPDATE OF "date" ON "calendar_days"
	FOR EACH ROW EXECUTE FUNCTION "calendar_day_mailing"();--> statement-breakpoint
CREATE FUNCTION "map_icon_mailing_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "mailing_icon_stock" ("month", "icon_id", "quantity", "available_quantity")
		SELECT m."month", NEW."id", NEW."total_quantity", NEW."total_quantity" FROM "mailings" m
		ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "map_icons_mailing_stock" AFTER INSERT ON "map_icons"
	FOR EACH ROW EXECUTE FUNCTION "map_icon_mailing_stock"();--> statement-breakpoint
-- Existing data: every month with a day or a day order gets its mailing; an icon order bought before this
-- change belongs to the first mailing whose sales were still open when it was bought (14 days ahead of the
-- month, New York time).
SELECT "ensure_mailing"(m) FROM (
	SELECT to_char("date", 'YYYY-MM') AS m FROM "calendar_days"
	UNION SELECT to_char("item_date", 'YYYY-MM') FROM "orders" WHERE "item_date" IS NOT NULL
	UNION SELECT to_char(((("created_at" AT TIME ZONE 'America/New_York')::date + 14) + interval '1 month'), 'YYYY-MM')
		FROM "orders" WHERE "map_icon_id" IS NOT NULL
) months ORDER BY m;--> statement-breakpoint
UPDATE "orders" SET "mailing_month" = to_char("item_date", 'YYYY-MM') WHERE "item_date" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "mailing_month" =
		to_char(((("created_at" AT TIME ZONE 'America/New_York')::date + 14) + interval '1 month'), 'YYYY-MM')
	WHERE "map_icon_id" IS NOT NULL AND "mailing_month" IS NULL;--> statement-breakpoint
UPDATE "mailing_icon_stock" s SET "available_quantity" = greatest(s."quantity" - (
		SELECT count(*) FROM "orders" o WHERE o."map_icon_id" = s."icon_id" AND o."mailing_month" = s."month"
			AND (o."status" = 'paid' OR (o."status" = 'pending' AND (o."expires_at" IS NULL OR o."expires_at" > now())))
	), 0);--> statement-breakpoint
-- What an order bought now includes its mailing, kept like the rest: a day order's from its date; an icon
-- order names its own (one inserted without it gets the next mailing still selling).
CREATE OR REPLACE FUNCTION "snapshot_order_item"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		NEW."item_date" := coalesce(OLD."item_date", NEW."item_date");
		NEW."item_name" := coalesce(OLD."item_name", NEW."item_name");
		NEW."item_size" := coalesce(OLD."item_size", NEW."item_size");
		NEW."unit_price_cents" := coalesce(OLD."unit_price_cents", NEW."unit_price_cents");
		NEW."mailing_month" := coalesce(OLD."mailing_month", NEW."mailing_month");
		RETURN NEW;
	END IF;
	IF NEW."day_id" IS NOT NULL AND (NEW."item_date" IS NULL OR NEW."unit_price_cents" IS NULL) THEN
		SELECT coalesce(NEW."item_date", d."date"), coalesce(NEW."unit_price_cents", d."price_cents")
			INTO NEW."item_date", NEW."unit_price_cents"
			FROM "calendar_days" d WHERE d."id" = NEW."day_id";
	END IF;
	IF NEW."map_icon_id" IS NOT NULL AND (NEW."item_name" IS NULL OR NEW."unit_price_cents" IS NULL) THEN
		SELECT coalesce(NEW."item_name", i."name"), coalesce(NEW."item_size", i."size"),
				coalesce(NEW."unit_price_cents", i."price_cents")
			INTO NEW."item_name", NEW."item_size", NEW."unit_price_cents"
			FROM "map_icons" i WHERE i."id" = NEW."map_icon_id";
	END IF;
	IF NEW."unit_price_cents" IS NULL AND NEW."metadata"->>'order_type' = 'special_purchase' THEN
		NEW."unit_price_cents" := 100;
	END IF;
	IF NEW."mailing_month" IS NULL AND NEW."item_date" IS NOT NULL THEN
		NEW."mailing_month" := to_char(NEW."item_date", 'YYYY-MM');
		PERFORM "ensure_mailing"(NEW."mailing_month");
	END IF;
	IF NEW."mailing_month" IS NULL AND NEW."map_icon_id" IS NOT NULL THEN
		SELECT m."month" INTO NEW."mailing_month" FROM "mailings" m
			WHERE m."status" = 'open' AND m."sales_close_at" > now() ORDER BY m."month" LIMIT 1;
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
-- Public reads follow mailings and their icon stock too (the read cache's version, migration 0003).
CREATE CONSTRAINT TRIGGER "mailings_catalogue_version_write" AFTER INSERT OR DELETE ON "mailings"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "mailings_catalogue_version_update" AFTER UPDATE ON "mailings"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "mailing_icon_stock_catalogue_version_write" AFTER INSERT OR DELETE ON "mailing_icon_stock"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "mailing_icon_stock_catalogue_version_update" AFTER UPDATE ON "mailing_icon_stock"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION "bump_catalogue_version"();
