-- Order id prefix search as one range on the id's text ('10974' <= id < '10975' in byte order) instead of one
-- primary-key range per id length: one SQL shape for every prefix, so the search can be a prepared statement
-- (planning the old shape took longer than running it).
CREATE INDEX "orders_id_text_idx" ON "orders" USING btree (("order_id"::text collate "C"));