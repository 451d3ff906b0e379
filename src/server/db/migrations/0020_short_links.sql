-- Short links and scans (features/short-links): every order line gets a short link /go/{code} that its
-- QR code on the card points at; the advertiser chooses where it leads; scans are counted per line and day.
CREATE TABLE "link_scan_days" (
	"order_id" text NOT NULL,
	"day" date NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"people" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_scan_days_order_id_day_pk" PRIMARY KEY("order_id","day"),
	CONSTRAINT "link_scan_days_counts" CHECK ("link_scan_days"."scans" >= 0 AND "link_scan_days"."people" >= 0 AND "link_scan_days"."people" <= "link_scan_days"."scans")
);
--> statement-breakpoint
CREATE TABLE "link_scan_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_scan_visitors" (
	"order_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "link_scan_visitors_order_id_day_visitor_pk" PRIMARY KEY("order_id","day","visitor")
);
--> statement-breakpoint
-- 7 characters of 23456789abcdefghjkmnpqrstvwxyz (no 0, 1, i, l, o or u: it reads aloud without confusion),
-- from the random bytes of a version 4 UUID (the version and variant bytes skipped).
CREATE FUNCTION "townflyer_random_code"() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '23456789abcdefghjkmnpqrstvwxyz';
  bytes bytea := uuid_send(gen_random_uuid());
  code text := '';
  i integer;
BEGIN
  FOREACH i IN ARRAY ARRAY[0, 1, 2, 3, 4, 5, 9] LOOP
    code := code || substr(alphabet, (get_byte(bytes, i) % 30) + 1, 1);
  END LOOP;
  RETURN code;
END $$;--> statement-breakpoint
-- A code no line has yet.
CREATE FUNCTION "townflyer_short_code"() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  code text;
BEGIN
  LOOP
    code := "townflyer_random_code"();
    EXIT WHEN NOT EXISTS (SELECT 1 FROM "orders" WHERE "short_code" = code);
  END LOOP;
  RETURN code;
END $$;--> statement-breakpoint
-- Existing lines get theirs as the column is added (a volatile default is evaluated per row, no trigger fires);
-- the rare repeat among them is drawn again before the unique index is made.
ALTER TABLE "orders" ADD COLUMN "short_code" text DEFAULT "townflyer_random_code"() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "short_code" DROP DEFAULT;--> statement-breakpoint
UPDATE "orders" SET "short_code" = "townflyer_short_code"()
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "short_code" ORDER BY "id") AS "n" FROM "orders"
  ) AS "numbered" WHERE "n" > 1
);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_destination" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_target" text;--> statement-breakpoint
ALTER TABLE "link_scan_days" ADD CONSTRAINT "link_scan_days_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_scan_visitors" ADD CONSTRAINT "link_scan_visitors_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_scan_visitors_day_idx" ON "link_scan_visitors" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_short_code_idx" ON "orders" USING btree ("short_code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_link_destination" CHECK (("orders"."link_destination" = 'page' AND "orders"."link_target" IS NULL) OR ("orders"."link_destination" IN ('website', 'phone') AND "orders"."link_target" IS NOT NULL));;--> statement-breakpoint
-- A new line gets a code of its own; a line's code never changes (a printed QR code points at it).
CREATE FUNCTION "orders_short_code"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."short_code" IS NULL THEN
      NEW."short_code" := "townflyer_short_code"();
    END IF;
  ELSE
    NEW."short_code" := OLD."short_code";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_short_code" BEFORE INSERT OR UPDATE OF "short_code" ON "orders"
FOR EACH ROW EXECUTE FUNCTION "orders_short_code"();