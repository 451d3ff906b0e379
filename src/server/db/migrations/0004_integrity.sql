CREATE TABLE "refund_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text NOT NULL,
	"payment_ref" text NOT NULL,
	"session_id" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"alerted_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_jobs_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_day_id_calendar_days_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "item_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "item_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "item_size" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit_price_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleted_by" text;--> statement-breakpoint
CREATE INDEX "refund_jobs_due_idx" ON "refund_jobs" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "refund_jobs_session_idx" ON "refund_jobs" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_day_id_calendar_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."calendar_days"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Hand-written below. Every order keeps its own record of what it bought (issue: integrity): the date, the
-- icon's name and size, and the catalogue unit price at the moment of purchase. An insert that does not
-- give them gets them from its day or icon; once written they never change (a later update keeps them), so
-- no calendar or icon change, and no delete of a day or icon, can erase what an order bought.
UPDATE "orders" o SET "item_date" = d."date", "unit_price_cents" = d."price_cents"
	FROM "calendar_days" d WHERE o."day_id" = d."id";--> statement-breakpoint
UPDATE "orders" o SET "item_name" = i."name", "item_size" = i."size", "unit_price_cents" = i."price_cents"
	FROM "map_icons" i WHERE o."map_icon_id" = i."id";--> statement-breakpoint
UPDATE "orders" SET "unit_price_cents" = 100
	WHERE "unit_price_cents" IS NULL AND "metadata"->>'order_type' = 'special_purchase';--> statement-breakpoint
CREATE FUNCTION "snapshot_order_item"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		NEW."item_date" := coalesce(OLD."item_date", NEW."item_date");
		NEW."item_name" := coalesce(OLD."item_name", NEW."item_name");
		NEW."item_size" := coalesce(OLD."item_size", NEW."item_size");
		NEW."unit_price_cents" := coalesce(OLD."unit_price_cents", NEW."unit_price_cents");
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
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_item_snapshot" BEFORE INSERT OR UPDATE ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "snapshot_order_item"();
