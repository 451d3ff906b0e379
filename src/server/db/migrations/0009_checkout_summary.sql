CREATE TABLE "checkouts" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"ad_date" date,
	"live_lines" integer DEFAULT 0 NOT NULL,
	"statuses" text[] DEFAULT '{}' NOT NULL,
	"types" text[] DEFAULT '{}' NOT NULL,
	"mailing_months" text[] DEFAULT '{}' NOT NULL,
	"business_names" text[] DEFAULT '{}' NOT NULL,
	"emails" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "checkouts_created_idx" ON "checkouts" USING btree ("created_at","key") WHERE "checkouts"."live_lines" > 0;--> statement-breakpoint
CREATE INDEX "checkouts_total_idx" ON "checkouts" USING btree ("total_cents","created_at") WHERE "checkouts"."live_lines" > 0;--> statement-breakpoint
CREATE INDEX "checkouts_ad_date_idx" ON "checkouts" USING btree ("ad_date","created_at") WHERE "checkouts"."live_lines" > 0;--> statement-breakpoint
-- Hand-written below (triggers are not generated from schema.ts). checkouts holds one row per checkout,
-- summing its live lines, so the admin's list pages checkouts by index (docs/benchmarks.md).
-- Statement triggers with transition tables refresh each checkout a statement touched once, from its lines:
-- the rows are locked in key order first (so two writers of the same checkouts queue, and always in the same
-- order), then recomputed by a later statement, whose snapshot (READ COMMITTED: one per statement in
-- PL/pgSQL) sees every line committed by the writer it waited for as well as this transaction's own.
-- A recompute, not a running delta, so the row can never drift from the lines.
-- checkout_summary(keys) is that recompute; the backfill at the end uses it too.
CREATE FUNCTION "checkout_summary"(keys text[]) RETURNS TABLE (
	"key" text, "created_at" timestamptz, "total_cents" bigint, "ad_date" date, "live_lines" integer,
	"statuses" text[], "types" text[], "mailing_months" text[], "business_names" text[], "emails" text[]
) LANGUAGE sql STABLE AS $$
	SELECT o."checkout_key",
		min(o."created_at") FILTER (WHERE o."status" <> 'deleted'),
		coalesce(sum(o."amount_cents") FILTER (WHERE o."status" <> 'deleted'), 0),
		min(o."item_date") FILTER (WHERE o."status" <> 'deleted'),
		(count(*) FILTER (WHERE o."status" <> 'deleted'))::integer,
		coalesce(array_agg(DISTINCT o."status") FILTER (WHERE o."status" <> 'deleted'), '{}'),
		-- The same three kinds as the service's typeCondition (features/admin-orders/checkouts.service.ts).
		coalesce(array_agg(DISTINCT CASE
			WHEN coalesce(o."metadata" ->> 'order_type', '') = 'special_purchase' THEN 'special_purchase'
			WHEN o."map_icon_id" IS NOT NULL OR o."item_name" IS NOT NULL THEN 'map_icon'
			ELSE 'calendar_day' END) FILTER (WHERE o."status" <> 'deleted'), '{}'),
		coalesce(array_agg(DISTINCT o."mailing_month")
			FILTER (WHERE o."status" <> 'deleted' AND o."mailing_month" IS NOT NULL), '{}'),
		coalesce(array_agg(DISTINCT o."business_name") FILTER (WHERE o."status" <> 'deleted'), '{}'),
		coalesce(array_agg(DISTINCT o."email") FILTER (WHERE o."status" <> 'deleted'), '{}')
	FROM "orders" o
	WHERE keys IS NULL OR o."checkout_key" = ANY (keys)
	GROUP BY o."checkout_key"
$$;--> statement-breakpoint
CREATE FUNCTION "refresh_checkouts"(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF keys IS NULL OR cardinality(keys) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO "checkouts" ("key") SELECT k FROM unnest(keys) AS k ORDER BY k ON CONFLICT ("key") DO NOTHING;
	PERFORM 1 FROM "checkouts" WHERE "key" = ANY (keys) ORDER BY "key" FOR UPDATE;
	UPDATE "checkouts" c SET
		"created_at" = s."created_at", "total_cents" = s."total_cents", "ad_date" = s."ad_date",
		"live_lines" = s."live_lines", "statuses" = s."statuses", "types" = s."types",
		"mailing_months" = s."mailing_months", "business_names" = s."business_names", "emails" = s."emails"
	FROM "checkout_summary"(keys) s
	WHERE c."key" = s."key";
	DELETE FROM "checkouts" c WHERE c."key" = ANY (keys)
		AND NOT EXISTS (SELECT 1 FROM "orders" o WHERE o."checkout_key" = c."key");
END
$$;--> statement-breakpoint
CREATE FUNCTION "orders_checkout_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "checkouts";
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM "refresh_checkouts"(ARRAY(SELECT DISTINCT "checkout_key" FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "refresh_checkouts"(ARRAY(SELECT DISTINCT "checkout_key" FROM old_rows));
	ELSE
		-- Only the checkouts of lines whose summed columns changed: a note in metadata refreshes nothing.
		PERFORM "refresh_checkouts"(ARRAY(
			SELECT k FROM new_rows n FULL JOIN old_rows o ON o."id" = n."id",
				LATERAL (VALUES (n."checkout_key"), (o."checkout_key")) AS touched(k)
			WHERE k IS NOT NULL AND (o."id" IS NULL OR n."id" IS NULL
				OR (o."checkout_key", o."status", o."amount_cents", o."created_at", o."item_date", o."mailing_month",
					o."business_name", o."email", o."map_icon_id", o."item_name", o."metadata" ->> 'order_type')
				IS DISTINCT FROM
					(n."checkout_key", n."status", n."amount_cents", n."created_at", n."item_date", n."mailing_month",
					n."business_name", n."email", n."map_icon_id", n."item_name", n."metadata" ->> 'order_type'))
			GROUP BY k
		));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_checkout_summary_insert" AFTER INSERT ON "orders"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_checkout_summary"();--> statement-breakpoint
CREATE TRIGGER "orders_checkout_summary_update" AFTER UPDATE ON "orders"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
	EXECUTE FUNCTION "orders_checkout_summary"();--> statement-breakpoint
CREATE TRIGGER "orders_checkout_summary_delete" AFTER DELETE ON "orders"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_checkout_summary"();--> statement-breakpoint
CREATE TRIGGER "orders_checkout_summary_truncate" AFTER TRUNCATE ON "orders"
	FOR EACH STATEMENT EXECUTE FUNCTION "orders_checkout_summary"();--> statement-breakpoint
INSERT INTO "checkouts" SELECT * FROM "checkout_summary"(NULL);
