-- The admin's checkout list groups orders by checkout_key to count, sort and page them. A covering
-- index lets PostgreSQL answer that from the index alone (measured on 50,000 orders: the default page's p95
-- 84 → 61 ms, amount sort 104 → 49 ms, status filter 63 → 31 ms; docs/benchmarks.md). It is kept in SQL
-- because the schema builder cannot declare INCLUDE columns.
CREATE INDEX IF NOT EXISTS "orders_checkout_key_covering_idx" ON "orders" USING btree ("checkout_key") INCLUDE ("status", "created_at", "amount_cents", "item_date");
