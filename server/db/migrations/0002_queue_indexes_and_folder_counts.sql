CREATE TABLE "order_folder_counts" (
	"bucket" text NOT NULL,
	"day" date DEFAULT '-infinity' NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "order_folder_counts_bucket_day_shard_pk" PRIMARY KEY("bucket","day","shard")
);
--> statement-breakpoint
CREATE INDEX "orders_queue_new_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"order_id" DESC NULLS LAST) WHERE "orders"."process_status" = 'New' and "orders"."assigned_to_id" is null and "orders"."processing_mode" in ('standard','future');--> statement-breakpoint
CREATE INDEX "orders_queue_priority_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"order_id" DESC NULLS LAST) WHERE "orders"."process_status" = 'New' and "orders"."assigned_to_id" is null and "orders"."processing_mode" = 'priority';--> statement-breakpoint
CREATE INDEX "orders_queue_future_idx" ON "orders" USING btree ("processing_date","created_at" DESC NULLS LAST,"order_id" DESC NULLS LAST) WHERE "orders"."process_status" = 'New' and "orders"."processing_mode" = 'future';--> statement-breakpoint
CREATE INDEX "orders_queue_mine_idx" ON "orders" USING btree ("assigned_to_id","created_at" DESC NULLS LAST,"order_id" DESC NULLS LAST) WHERE "orders"."assigned_to_id" is not null and "orders"."process_status" not in ('Completed','Refunds','ChargeBack','Deleted');