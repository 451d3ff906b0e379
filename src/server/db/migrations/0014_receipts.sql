-- Receipts: every payment of a purchase gets one, with a number sequential per (UTC) year and no gaps
-- (R-2027-0001; at least four digits, more after 9999).
CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"payment_method" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token" text NOT NULL,
	CONSTRAINT "receipts_purchase_id_unique" UNIQUE("purchase_id"),
	CONSTRAINT "receipts_number_unique" UNIQUE("number"),
	CONSTRAINT "receipts_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_year_sequence_idx" ON "receipts" USING btree ("year","sequence");--> statement-breakpoint
-- A purchase with a paid line and no receipt gets one now, in the paying transaction: the year's counter row
-- is taken (and held to commit) by the upsert, so numbers are handed out one at a time, in commit order, and a
-- rolled-back payment gives its number back. Called by refresh_purchases, after the purchase and advertiser
-- locks (every writer takes them in that order). The method is read from how the lines were paid: by an
-- administrator (cash or cheque), else through the payment session's provider.
CREATE FUNCTION "issue_receipts"(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	due record;
	y integer := extract(year FROM now() AT TIME ZONE 'UTC')::integer;
	n integer;
BEGIN
	FOR due IN
		SELECT p."id", p."paid_cents",
			(SELECT o."payment_provider" FROM "orders" o WHERE o."purchase_id" = p."id" AND o."status" = 'paid'
				AND o."payment_session_id" IS NOT NULL AND o."payment_provider" IS NOT NULL LIMIT 1) AS "provider"
		FROM "purchases" p
		WHERE p."id" = ANY (keys) AND 'paid' = ANY (p."statuses")
			AND NOT EXISTS (SELECT 1 FROM "receipts" r WHERE r."purchase_id" = p."id")
		ORDER BY p."created_at", p."id"
	LOOP
		INSERT INTO "receipt_counters" ("year", "last") VALUES (y, 1)
			ON CONFLICT ("year") DO UPDATE SET "last" = "receipt_counters"."last" + 1
			RETURNING "last" INTO n;
		INSERT INTO "receipts" ("purchase_id", "number", "year", "sequence", "payment_method", "token")
		VALUES (due."id", 'R-' || y || '-' || lpad(n::text, greatest(4, length(n::text)), '0'), y, n,
			CASE
				WHEN due."paid_cents" = 0 THEN 'Free feature'
				-- An administrator's change (order-actor.ts sets the actor): paid outside the site.
				WHEN coalesce(current_setting('townflyer.actor', true), '') NOT IN ('', 'system') THEN 'Cash or cheque'
				WHEN due."provider" = 'stripe' THEN 'Card'
				WHEN due."provider" = 'local' THEN 'TEST MODE (no card charged)'
				ELSE 'Cash or cheque'
			END,
			replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
	END LOOP;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_purchases"(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF keys IS NULL OR cardinality(keys) = 0 THEN
		RETURN;
	END IF;
	PERFORM 1 FROM "purchases" WHERE "id" = ANY (keys) ORDER BY "id" FOR UPDATE;
	UPDATE "purchases" p SET
		"state" = s."state", "total_cents" = s."total_cents", "paid_cents" = s."paid_cents", "ad_date" = s."ad_date",
		"live_lines" = s."live_lines", "statuses" = s."statuses", "types" = s."types",
		"mailing_months" = s."mailing_months", "business_names" = s."business_names", "emails" = s."emails"
	FROM "purchase_summary"(keys) s
	WHERE p."id" = s."id";
	PERFORM "refresh_advertisers"(ARRAY(
		SELECT DISTINCT "advertiser_id" FROM "purchases" WHERE "id" = ANY (keys) ORDER BY 1));
	PERFORM "issue_receipts"(keys);
END
$$;--> statement-breakpoint
-- Purchases paid before receipts existed get theirs now, in the order they were made.
SELECT "issue_receipts"(ARRAY(SELECT "id" FROM "purchases" ORDER BY "created_at", "id"));
