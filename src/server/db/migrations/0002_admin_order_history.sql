CREATE TABLE "order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"by" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
-- Hand-written below (triggers are not generated from schema.ts): every order's creation and every status
-- change is recorded. The actor is the transaction-local setting townflyer.actor, else 'system'.
CREATE FUNCTION "record_order_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_history" ("order_id", "by", "from_status", "to_status")
	VALUES (
		NEW."id",
		coalesce(nullif(current_setting('townflyer.actor', true), ''), 'system'),
		CASE WHEN TG_OP = 'UPDATE' THEN OLD."status" END,
		NEW."status"
	);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_history_insert" AFTER INSERT ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "record_order_history"();--> statement-breakpoint
CREATE TRIGGER "orders_history_update" AFTER UPDATE OF "status" ON "orders"
	FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "record_order_history"();--> statement-breakpoint
-- Orders that existed before this migration start their history with their current status.
INSERT INTO "order_history" ("order_id", "at", "by", "from_status", "to_status")
	SELECT "id", "created_at", 'system', NULL, "status" FROM "orders";
