-- Returning advertisers first (features/offers, docs/decisions/023): when a mailing's days are first set up,
-- each advertiser with paid lines in the previous mailing is offered the same spots, held for the mailing's
-- priority window as pending order lines (source 'offer') of a purchase of its own.
CREATE TABLE "offer_lines" (
	"order_id" text PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"previous_order_id" text,
	"previous_date" date
);
--> statement-breakpoint
CREATE TABLE "offer_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mailing_month" text NOT NULL,
	"purchase_id" text NOT NULL,
	"business_name" text NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_purchase_id_unique" UNIQUE("purchase_id"),
	CONSTRAINT "offers_state" CHECK ("offers"."state" IN ('offered', 'kept', 'released', 'lapsed'))
);
--> statement-breakpoint
ALTER TABLE "mailings" ADD COLUMN "priority_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "mailings" ADD COLUMN "offers_made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_links" ADD CONSTRAINT "offer_links_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_mailing_month_mailings_month_fk" FOREIGN KEY ("mailing_month") REFERENCES "public"."mailings"("month") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "offer_lines_offer_idx" ON "offer_lines" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_links_offer_idx" ON "offer_links" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offers_mailing_idx" ON "offers" USING btree ("mailing_month","created_at");--> statement-breakpoint
CREATE INDEX "offers_state_expires_idx" ON "offers" USING btree ("state","expires_at");--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_priority_window_days" CHECK ("mailings"."priority_window_days" BETWEEN 0 AND 60);--> statement-breakpoint
-- Hand-written below. Deploying must e-mail no one about a mailing already on sale: every mailing whose days
-- exist now counts as having made its offers.
UPDATE "mailings" m SET "offers_made_at" = now()
WHERE EXISTS (
	SELECT 1 FROM "calendar_days" d
	WHERE d."date" >= (m."month" || '-01')::date AND d."date" < (m."month" || '-01')::date + interval '1 month'
);--> statement-breakpoint
-- A new mailing takes its priority window from the mailing defaults (priorityWindowDays, 0 to 60; 7 when the
-- defaults do not say), as in migration 0017 otherwise.
CREATE OR REPLACE FUNCTION "ensure_mailing"(m text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	defaults jsonb;
	tz text;
	close_days int;
	due_days int;
	in_homes_day int;
	window_days int;
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
	window_days := least(greatest(coalesce((defaults->>'priorityWindowDays')::int, 7), 0), 60);
	first_day := (m || '-01')::date;
	close_local := (first_day - close_days)::timestamp;
	INSERT INTO "mailings" ("month", "status", "sales_close_at", "artwork_due_at", "in_homes_date", "priority_window_days")
		VALUES (
			m,
			CASE WHEN (close_local AT TIME ZONE tz) <= now() THEN 'closed' ELSE 'open' END,
			close_local AT TIME ZONE tz,
			(close_local + make_interval(days => due_days)) AT TIME ZONE tz,
			first_day + (in_homes_day - 1),
			window_days
		)
		ON CONFLICT ("month") DO NOTHING;
	INSERT INTO "mailing_icon_stock" ("month", "icon_id", "quantity")
		SELECT m, i."id", i."total_quantity" FROM "map_icons" i
		WHERE i."retired_from" IS NULL OR i."retired_from" > m
		ON CONFLICT DO NOTHING;
END
$$;--> statement-breakpoint
-- An offer is kept once its lines are paid, whichever path pays them (the offer's own pay link, a webhook, a
-- late payment honoured, an administrator): the database writes it in the paying transaction. The payment
-- has locked the lines first; every writer of offers locks the lines before the offer row, so no cycle forms.
CREATE FUNCTION "offer_line_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "offers" f SET "state" = 'kept', "ended_at" = now(), "updated_at" = now()
	FROM "offer_lines" l
	WHERE l."order_id" = NEW."id" AND f."id" = l."offer_id" AND f."state" <> 'kept';
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_offer_kept" AFTER UPDATE OF "status" ON "orders" FOR EACH ROW
	WHEN (NEW."source" = 'offer' AND NEW."status" = 'paid' AND OLD."status" IS DISTINCT FROM 'paid')
	EXECUTE FUNCTION "offer_line_paid"();
