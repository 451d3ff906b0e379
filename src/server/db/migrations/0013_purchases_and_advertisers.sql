-- Purchases and advertisers as rows of their own. A purchase (what was bought in one go) replaces the derived
-- "checkout key" and its trigger-kept summary table; an advertiser (one per e-mail address, compared trimmed
-- and case-insensitive) owns purchases, inquiries and waitlist sign-ups. Notes, admin refunds, artwork links
-- and e-mails point at a purchase by foreign key. Nothing sold, refunded or noted changes: lines keep their
-- rows, and every text key they were grouped by becomes the id of the purchase that replaces it.
DROP TRIGGER "orders_checkout_summary_insert" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_checkout_summary_update" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_checkout_summary_delete" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_checkout_summary_truncate" ON "orders";--> statement-breakpoint
DROP FUNCTION "orders_checkout_summary"();--> statement-breakpoint
DROP FUNCTION "refresh_checkouts"(text[]);--> statement-breakpoint
DROP FUNCTION "checkout_summary"(text[]);--> statement-breakpoint
DROP TABLE "checkouts";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "checkout_key" TO "purchase_id";--> statement-breakpoint
ALTER INDEX "orders_checkout_key_idx" RENAME TO "orders_purchase_idx";--> statement-breakpoint
CREATE SEQUENCE "public"."purchase_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "advertisers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"business_name" text,
	"phone" text,
	"website" text,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"business_names" text[] DEFAULT '{}' NOT NULL,
	"purchase_count" integer DEFAULT 0 NOT NULL,
	"mailings_booked" integer DEFAULT 0 NOT NULL,
	"first_mailing" text,
	"last_mailing" text,
	"lifetime_paid_cents" bigint DEFAULT 0 NOT NULL,
	"last_purchase_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL
);--> statement-breakpoint
CREATE TABLE "advertiser_emails" (
	"email" text PRIMARY KEY NOT NULL,
	"advertiser_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertiser_emails_normalised" CHECK ("advertiser_emails"."email" = lower(btrim("advertiser_emails"."email")))
);--> statement-breakpoint
ALTER TABLE "advertiser_emails" ADD CONSTRAINT "advertiser_emails_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertiser_emails_advertiser_idx" ON "advertiser_emails" USING btree ("advertiser_id");--> statement-breakpoint
CREATE INDEX "advertisers_last_mailing_idx" ON "advertisers" USING btree ("last_mailing","id");--> statement-breakpoint
CREATE INDEX "advertisers_lifetime_paid_idx" ON "advertisers" USING btree ("lifetime_paid_cents","id");--> statement-breakpoint
-- The advertiser of an address, made on first sight. Two writers seeing a new address at once: the second's
-- insert into advertiser_emails waits for the first and does nothing, and it takes the first's advertiser
-- (its own, unused row is removed). A known advertiser without a business name takes the one given.
CREATE FUNCTION "advertiser_for_email"(address text, business text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
	normalised text := lower(btrim(address));
	named text := nullif(btrim(coalesce(business, '')), '');
	chosen uuid;
BEGIN
	SELECT "advertiser_id" INTO chosen FROM "advertiser_emails" WHERE "email" = normalised;
	IF chosen IS NULL THEN
		INSERT INTO "advertisers" ("email", "business_name") VALUES (normalised, named) RETURNING "id" INTO chosen;
		INSERT INTO "advertiser_emails" ("email", "advertiser_id") VALUES (normalised, chosen)
			ON CONFLICT ("email") DO NOTHING;
		IF NOT FOUND THEN
			DELETE FROM "advertisers" WHERE "id" = chosen;
			SELECT "advertiser_id" INTO chosen FROM "advertiser_emails" WHERE "email" = normalised;
		END IF;
	END IF;
	IF named IS NOT NULL THEN
		UPDATE "advertisers" SET "business_name" = named WHERE "id" = chosen AND "business_name" IS NULL;
	END IF;
	-- An advertiser with no purchase yet (an inquiry, a waitlist sign-up) is found by its name and address
	-- too; refresh_advertisers() keeps the search text from the first purchase on.
	UPDATE "advertisers" SET "search_text" = lower(concat_ws(' ', "business_name", "email"))
	WHERE "id" = chosen AND "purchase_count" = 0;
	RETURN chosen;
END
$$;--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text DEFAULT 'P-' || nextval('purchase_reference_seq') NOT NULL,
	"advertiser_id" uuid NOT NULL,
	"business_name" text NOT NULL,
	"email" text NOT NULL,
	"source" text DEFAULT 'checkout' NOT NULL,
	"payment_provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"ad_date" date,
	"live_lines" integer DEFAULT 0 NOT NULL,
	"statuses" text[] DEFAULT '{}' NOT NULL,
	"types" text[] DEFAULT '{}' NOT NULL,
	"mailing_months" text[] DEFAULT '{}' NOT NULL,
	"business_names" text[] DEFAULT '{}' NOT NULL,
	"emails" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "purchases_reference_unique" UNIQUE("reference"),
	CONSTRAINT "purchases_state" CHECK ("purchases"."state" IN ('pending', 'paid', 'partly_refunded', 'refunded', 'expired', 'deleted'))
);--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_created_idx" ON "purchases" USING btree ("created_at","id") WHERE "purchases"."live_lines" > 0;--> statement-breakpoint
CREATE INDEX "purchases_total_idx" ON "purchases" USING btree ("total_cents","created_at") WHERE "purchases"."live_lines" > 0;--> statement-breakpoint
CREATE INDEX "purchases_ad_date_idx" ON "purchases" USING btree ("ad_date","created_at") WHERE "purchases"."live_lines" > 0;--> statement-breakpoint
CREATE INDEX "purchases_advertiser_idx" ON "purchases" USING btree ("advertiser_id","created_at");--> statement-breakpoint
-- Existing lines: one purchase per key they were grouped by, in the order they were bought (so references
-- follow time), its buyer from its first line.
INSERT INTO "purchases" ("id", "advertiser_id", "business_name", "email", "source", "payment_provider", "created_at")
SELECT f."purchase_id", "advertiser_for_email"(f."email", f."business_name"), f."business_name", f."email",
	CASE WHEN f."source" = 'manual' THEN 'manual' ELSE 'checkout' END, f."payment_provider", f."first_at"
FROM (
	SELECT DISTINCT ON (o."purchase_id") o."purchase_id", o."email", o."business_name", o."source",
		o."payment_provider", min(o."created_at") OVER (PARTITION BY o."purchase_id") AS "first_at"
	FROM "orders" o
	ORDER BY o."purchase_id", o."created_at", o."id"
) f
ORDER BY f."first_at", f."purchase_id";--> statement-breakpoint
-- Keys that notes, refunds or artwork links name but no line has any more (not made by the application; an
-- imported or hand-edited database): they keep their rows, under a purchase with no line whose buyer is the
-- address last e-mailed about it, if any.
INSERT INTO "purchases" ("id", "advertiser_id", "business_name", "email", "source", "created_at", "state")
SELECT k."key", "advertiser_for_email"(coalesce(m."to_address", 'unknown@invalid'), 'Unknown buyer'), 'Unknown buyer',
	coalesce(m."to_address", 'unknown@invalid'), 'checkout', k."at", 'deleted'
FROM (
	SELECT "checkout_key" AS "key", min("created_at") AS "at" FROM (
		SELECT "checkout_key", "created_at" FROM "order_notes"
		UNION ALL SELECT "checkout_key", "created_at" FROM "order_refunds"
		UNION ALL SELECT "checkout_key", "created_at" FROM "artwork_links"
	) named GROUP BY "checkout_key"
) k
LEFT JOIN LATERAL (
	SELECT "to_address" FROM "outbox" WHERE "checkout_key" = k."key" ORDER BY "created_at" DESC LIMIT 1
) m ON true
WHERE NOT EXISTS (SELECT 1 FROM "purchases" p WHERE p."id" = k."key")
ORDER BY k."at", k."key";--> statement-breakpoint
ALTER TABLE "artwork_links" RENAME COLUMN "checkout_key" TO "purchase_id";--> statement-breakpoint
ALTER TABLE "artwork_links" RENAME CONSTRAINT "artwork_links_checkout_key_unique" TO "artwork_links_purchase_id_unique";--> statement-breakpoint
ALTER TABLE "order_notes" RENAME COLUMN "checkout_key" TO "purchase_id";--> statement-breakpoint
ALTER INDEX "order_notes_checkout_idx" RENAME TO "order_notes_purchase_idx";--> statement-breakpoint
ALTER TABLE "outbox" RENAME COLUMN "checkout_key" TO "purchase_id";--> statement-breakpoint
ALTER INDEX "outbox_checkout_idx" RENAME TO "outbox_purchase_idx";--> statement-breakpoint
-- An e-mail about a purchase that no longer exists keeps its row in the log, about no purchase.
UPDATE "outbox" o SET "purchase_id" = NULL
WHERE o."purchase_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "purchases" p WHERE p."id" = o."purchase_id");--> statement-breakpoint
ALTER TABLE "artwork_links" ADD CONSTRAINT "artwork_links_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
-- One record for every refund, whoever owes it: an administrator's (order_refunds) and a late payment's
-- (refund_jobs), carried out by one worker. An administrator's refund was attempted once when it was asked for;
-- one still waiting for the provider's first answer is retried by the worker with its own idempotency key, so
-- the provider refunds it at most once. A late payment's refund names the session's lines and what they were
-- charged; its pending/done become requested/succeeded, and the e-mails it already sent are not sent again.
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" text,
	"kind" text NOT NULL,
	"order_ids" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"email_buyer" boolean DEFAULT true NOT NULL,
	"provider" text NOT NULL,
	"payment_ref" text,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"alerted_at" timestamp with time zone,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" IN ('requested', 'succeeded', 'failed')),
	CONSTRAINT "refunds_kind" CHECK ("refunds"."kind" IN ('admin', 'late_payment')),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount_cents" > 0 OR ("refunds"."kind" = 'late_payment' AND "refunds"."amount_cents" = 0)),
	CONSTRAINT "refunds_admin_purchase" CHECK ("refunds"."kind" <> 'admin' OR "refunds"."purchase_id" IS NOT NULL)
);
--> statement-breakpoint
INSERT INTO "refunds" ("id", "purchase_id", "kind", "order_ids", "amount_cents", "reason", "email_buyer", "provider",
	"payment_ref", "idempotency_key", "provider_refund_id", "status", "attempts", "next_attempt_at", "last_error",
	"requested_by", "created_at", "completed_at")
SELECT r."id", r."checkout_key", 'admin', r."order_ids", r."amount_cents", r."reason", r."email_buyer", r."provider",
	r."payment_ref", r."idempotency_key", r."provider_refund_id", r."status", 1, r."created_at", r."last_error",
	r."requested_by", r."created_at", r."completed_at"
FROM "order_refunds" r ORDER BY r."created_at", r."id";--> statement-breakpoint
INSERT INTO "refunds" ("id", "purchase_id", "kind", "order_ids", "amount_cents", "reason", "email_buyer", "provider",
	"payment_ref", "idempotency_key", "status", "attempts", "next_attempt_at", "last_error", "alerted_at",
	"requested_by", "created_at", "completed_at")
SELECT j."id", p."id", 'late_payment', coalesce(l."ids", '[]'::jsonb), coalesce(l."cents", 0), j."reason", false,
	j."provider", j."payment_ref", j."idempotency_key", CASE j."status" WHEN 'done' THEN 'succeeded' ELSE 'requested' END,
	j."attempts", j."next_attempt_at", j."last_error", j."alerted_at", 'system', j."created_at", j."done_at"
FROM "refund_jobs" j
LEFT JOIN "purchases" p ON p."id" = j."session_id"
LEFT JOIN LATERAL (
	SELECT jsonb_agg(o."id" ORDER BY o."id") AS "ids", sum(o."amount_cents")::integer AS "cents"
	FROM "orders" o WHERE o."payment_session_id" = j."session_id"
) l ON true
ORDER BY j."created_at", j."id";--> statement-breakpoint
DROP TABLE "order_refunds";--> statement-breakpoint
DROP TABLE "refund_jobs";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "refunds_purchase_idx" ON "refunds" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "refunds_provider_refund_idx" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_ref_idx" ON "refunds" USING btree ("payment_ref");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."status" = 'requested';--> statement-breakpoint
-- A line's purchase is checked at commit, so a checkout can replace its reference (the purchase id and its
-- lines' payment session) with the provider's session id in one transaction.
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "email_inquiries" ADD COLUMN "advertiser_id" uuid;--> statement-breakpoint
UPDATE "email_inquiries" SET "advertiser_id" = "advertiser_for_email"("email", "metadata" ->> 'businessName');--> statement-breakpoint
ALTER TABLE "email_inquiries" ALTER COLUMN "advertiser_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_inquiries" ADD CONSTRAINT "email_inquiries_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_inquiries_advertiser_idx" ON "email_inquiries" USING btree ("advertiser_id");--> statement-breakpoint
-- An inquiry or waitlist sign-up is its address's advertiser's, whoever writes it.
CREATE FUNCTION "inquiry_advertiser"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."advertiser_id" IS NULL THEN
		NEW."advertiser_id" := "advertiser_for_email"(NEW."email", NEW."metadata" ->> 'businessName');
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "email_inquiries_advertiser" BEFORE INSERT ON "email_inquiries" FOR EACH ROW EXECUTE FUNCTION "inquiry_advertiser"();--> statement-breakpoint
-- A line naming a purchase that does not exist makes it, with the line's buyer: so every writer of lines
-- (checkout, manual orders, imports) gets its purchase without having to remember it.
CREATE FUNCTION "order_purchase"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	key text := coalesce(NEW."payment_session_id", NEW."id");
BEGIN
	IF NOT EXISTS (SELECT 1 FROM "purchases" WHERE "id" = key) THEN
		INSERT INTO "purchases" ("id", "advertiser_id", "business_name", "email", "source", "payment_provider", "created_at")
		VALUES (key, "advertiser_for_email"(NEW."email", NEW."business_name"), NEW."business_name", NEW."email",
			CASE WHEN NEW."source" = 'manual' THEN 'manual' ELSE 'checkout' END, NEW."payment_provider", NEW."created_at")
		ON CONFLICT ("id") DO NOTHING;
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_purchase" BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "order_purchase"();--> statement-breakpoint
-- The purchase summary, recomputed from the lines (never a running delta, so it cannot drift): statement
-- triggers with transition tables refresh each purchase a statement touched once. The purchase rows are
-- locked in id order first, then their advertisers in id order (every writer takes them in that order, so two
-- writers queue and never deadlock here), and recomputed by a later statement, whose snapshot (READ
-- COMMITTED: one per statement in PL/pgSQL) sees every line committed by the writer it waited for.
CREATE FUNCTION "purchase_summary"(keys text[]) RETURNS TABLE (
	"id" text, "state" text, "total_cents" bigint, "paid_cents" bigint, "ad_date" date, "live_lines" integer,
	"statuses" text[], "types" text[], "mailing_months" text[], "business_names" text[], "emails" text[]
) LANGUAGE sql STABLE AS $$
	SELECT s."id",
		CASE
			WHEN s."live_lines" = 0 THEN 'deleted'
			WHEN 'paid' = ANY (s."statuses") AND 'refunded' = ANY (s."statuses") THEN 'partly_refunded'
			WHEN 'paid' = ANY (s."statuses") THEN 'paid'
			WHEN 'pending' = ANY (s."statuses") THEN 'pending'
			WHEN 'refunded' = ANY (s."statuses") THEN 'refunded'
			ELSE 'expired'
		END,
		s."total_cents", s."paid_cents", s."ad_date", s."live_lines", s."statuses", s."types", s."mailing_months",
		s."business_names", s."emails"
	FROM (
		SELECT p."id",
			coalesce(sum(o."amount_cents") FILTER (WHERE o."status" <> 'deleted'), 0)::bigint AS "total_cents",
			coalesce(sum(o."amount_cents") FILTER (WHERE o."status" = 'paid'), 0)::bigint AS "paid_cents",
			min(o."item_date") FILTER (WHERE o."status" <> 'deleted') AS "ad_date",
			(count(o."id") FILTER (WHERE o."status" <> 'deleted'))::integer AS "live_lines",
			coalesce(array_agg(DISTINCT o."status") FILTER (WHERE o."status" <> 'deleted'), '{}') AS "statuses",
			-- The same three kinds as the admin list's typeCondition (features/admin-orders/checkouts.service.ts).
			coalesce(array_agg(DISTINCT CASE
				WHEN coalesce(o."metadata" ->> 'order_type', '') = 'special_purchase' THEN 'special_purchase'
				WHEN o."map_icon_id" IS NOT NULL OR o."item_name" IS NOT NULL THEN 'map_icon'
				ELSE 'calendar_day' END) FILTER (WHERE o."status" <> 'deleted'), '{}') AS "types",
			coalesce(array_agg(DISTINCT o."mailing_month")
				FILTER (WHERE o."status" <> 'deleted' AND o."mailing_month" IS NOT NULL), '{}') AS "mailing_months",
			coalesce(array_agg(DISTINCT o."business_name") FILTER (WHERE o."status" <> 'deleted'), '{}') AS "business_names",
			coalesce(array_agg(DISTINCT o."email") FILTER (WHERE o."status" <> 'deleted'), '{}') AS "emails"
		FROM "purchases" p
		LEFT JOIN "orders" o ON o."purchase_id" = p."id"
		WHERE keys IS NULL OR p."id" = ANY (keys)
		GROUP BY p."id"
	) s
$$;--> statement-breakpoint
-- An advertiser's figures, from its purchases: what the Advertisers list shows, sorts and searches.
-- "Booked": a paid line, or a line the owner holds without a time limit (a pending manual order).
CREATE FUNCTION "refresh_advertisers"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF ids IS NULL OR cardinality(ids) = 0 THEN
		RETURN;
	END IF;
	PERFORM 1 FROM "advertisers" WHERE "id" = ANY (ids) ORDER BY "id" FOR UPDATE;
	UPDATE "advertisers" a SET
		"business_names" = coalesce((
			SELECT array_agg(DISTINCT n ORDER BY n) FROM "purchases" p, unnest(p."business_names") AS n
			WHERE p."advertiser_id" = a."id"), '{}'),
		"purchase_count" = (SELECT count(*) FROM "purchases" p WHERE p."advertiser_id" = a."id" AND p."live_lines" > 0),
		"mailings_booked" = b."booked", "first_mailing" = b."first", "last_mailing" = b."last",
		"lifetime_paid_cents" = coalesce((SELECT sum(p."paid_cents") FROM "purchases" p WHERE p."advertiser_id" = a."id"), 0),
		"last_purchase_at" = (SELECT max(p."created_at") FROM "purchases" p WHERE p."advertiser_id" = a."id" AND p."live_lines" > 0),
		"search_text" = lower(concat_ws(' ', a."business_name",
			(SELECT string_agg(DISTINCT n, ' ') FROM "purchases" p, unnest(p."business_names") AS n WHERE p."advertiser_id" = a."id"),
			(SELECT string_agg(e."email", ' ') FROM "advertiser_emails" e WHERE e."advertiser_id" = a."id")))
	FROM (
		SELECT x."id", count(DISTINCT o."mailing_month")::integer AS "booked", min(o."mailing_month") AS "first",
			max(o."mailing_month") AS "last"
		FROM unnest(ids) AS x("id")
		LEFT JOIN "purchases" p ON p."advertiser_id" = x."id"
		LEFT JOIN "orders" o ON o."purchase_id" = p."id" AND o."mailing_month" IS NOT NULL
			AND (o."status" = 'paid' OR (o."status" = 'pending' AND o."expires_at" IS NULL))
		GROUP BY x."id"
	) b
	WHERE a."id" = b."id";
END
$$;--> statement-breakpoint
CREATE FUNCTION "refresh_purchases"(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
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
END
$$;--> statement-breakpoint
CREATE FUNCTION "orders_purchase_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "refresh_purchases"(ARRAY(SELECT DISTINCT "purchase_id" FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "refresh_purchases"(ARRAY(SELECT DISTINCT "purchase_id" FROM old_rows));
	ELSE
		-- Only the purchases of lines whose summed columns changed: a note in metadata refreshes nothing.
		PERFORM "refresh_purchases"(ARRAY(
			SELECT k FROM new_rows n FULL JOIN old_rows o ON o."id" = n."id",
				LATERAL (VALUES (n."purchase_id"), (o."purchase_id")) AS touched(k)
			WHERE k IS NOT NULL AND (o."id" IS NULL OR n."id" IS NULL
				OR (o."purchase_id", o."status", o."amount_cents", o."expires_at", o."item_date", o."mailing_month",
					o."business_name", o."email", o."map_icon_id", o."item_name", o."metadata" ->> 'order_type')
				IS DISTINCT FROM
					(n."purchase_id", n."status", n."amount_cents", n."expires_at", n."item_date", n."mailing_month",
					n."business_name", n."email", n."map_icon_id", n."item_name", n."metadata" ->> 'order_type'))
			GROUP BY k
		));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_purchase_summary_insert" AFTER INSERT ON "orders"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_purchase_summary"();--> statement-breakpoint
CREATE TRIGGER "orders_purchase_summary_update" AFTER UPDATE ON "orders"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
	EXECUTE FUNCTION "orders_purchase_summary"();--> statement-breakpoint
CREATE TRIGGER "orders_purchase_summary_delete" AFTER DELETE ON "orders"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_purchase_summary"();--> statement-breakpoint
-- TRUNCATE has no transition table: every purchase is recomputed (each is left without lines).
CREATE FUNCTION "orders_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "refresh_purchases"(ARRAY(SELECT "id" FROM "purchases" ORDER BY "id"));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_purchase_summary_truncate" AFTER TRUNCATE ON "orders"
	FOR EACH STATEMENT EXECUTE FUNCTION "orders_truncated"();--> statement-breakpoint
UPDATE "purchases" p SET
	"state" = s."state", "total_cents" = s."total_cents", "paid_cents" = s."paid_cents", "ad_date" = s."ad_date",
	"live_lines" = s."live_lines", "statuses" = s."statuses", "types" = s."types",
	"mailing_months" = s."mailing_months", "business_names" = s."business_names", "emails" = s."emails"
FROM "purchase_summary"(NULL) s
WHERE p."id" = s."id";--> statement-breakpoint
SELECT "refresh_advertisers"(ARRAY(SELECT "id" FROM "advertisers" ORDER BY "id"));
