-- The admin Advertisers tab's lookups. Its default order, latest mailing first and advertisers without one
-- last, as an index walk: advertisers_last_mailing_idx read backwards puts those without a mailing first,
-- so every page sorted all advertisers.
CREATE INDEX "advertisers_last_mailing_desc_idx" ON "advertisers" USING btree ("last_mailing" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The e-mails to an address, compared as advertiser addresses are (trimmed, lower case): the drawer lists
-- every e-mail to any address of an advertiser, and without this index that is a walk of the whole outbox.
CREATE INDEX "outbox_to_address_idx" ON "outbox" USING btree (lower(btrim("to_address")));
