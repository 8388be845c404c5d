-- One order_report_counts row per (report, grain, day, label) with a column per processing mode,
-- instead of a row per mode: a report sums a third of the rows. The counters are rebuilt below.
DELETE FROM "order_report_counts";--> statement-breakpoint
ALTER TABLE "order_report_counts" DROP CONSTRAINT "order_report_counts_report_grain_day_label_mode_pk";--> statement-breakpoint
ALTER TABLE "order_report_counts" DROP COLUMN "mode";--> statement-breakpoint
ALTER TABLE "order_report_counts" DROP COLUMN "n";--> statement-breakpoint
ALTER TABLE "order_report_counts" ADD COLUMN "n_standard" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_report_counts" ADD COLUMN "n_priority" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_report_counts" ADD COLUMN "n_future" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_report_counts" ADD CONSTRAINT "order_report_counts_report_grain_day_label_pk" PRIMARY KEY("report","grain","day","label");--> statement-breakpoint
-- Grouped deltas of a set of bucket rows (report, grain, day, label, mode, delta), applied per mode column.
CREATE OR REPLACE FUNCTION orders_report_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_report_counts AS c (report, grain, day, label, n_standard, n_priority, n_future)
  SELECT b.report, b.grain, b.day, b.label,
    count(*) FILTER (WHERE b.mode = 'standard'), count(*) FILTER (WHERE b.mode = 'priority'), count(*) FILTER (WHERE b.mode = 'future')
  FROM new_rows r
  CROSS JOIN LATERAL order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (report, grain, day, label) DO UPDATE SET
    n_standard = c.n_standard + excluded.n_standard, n_priority = c.n_priority + excluded.n_priority, n_future = c.n_future + excluded.n_future;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_report_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_report_counts AS c (report, grain, day, label, n_standard, n_priority, n_future)
  SELECT b.report, b.grain, b.day, b.label,
    -count(*) FILTER (WHERE b.mode = 'standard'), -count(*) FILTER (WHERE b.mode = 'priority'), -count(*) FILTER (WHERE b.mode = 'future')
  FROM old_rows r
  CROSS JOIN LATERAL order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (report, grain, day, label) DO UPDATE SET
    n_standard = c.n_standard + excluded.n_standard, n_priority = c.n_priority + excluded.n_priority, n_future = c.n_future + excluded.n_future;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_report_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_report_counts AS c (report, grain, day, label, n_standard, n_priority, n_future)
  SELECT d.report, d.grain, d.day, d.label,
    coalesce(sum(d.delta) FILTER (WHERE d.mode = 'standard'), 0),
    coalesce(sum(d.delta) FILTER (WHERE d.mode = 'priority'), 0),
    coalesce(sum(d.delta) FILTER (WHERE d.mode = 'future'), 0)
  FROM (
    SELECT b.*, 1 AS delta FROM new_rows r
    CROSS JOIN LATERAL order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
    UNION ALL
    SELECT b.*, -1 FROM old_rows r
    CROSS JOIN LATERAL order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
  ) d
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.delta) FILTER (WHERE d.mode = 'standard') <> 0 OR sum(d.delta) FILTER (WHERE d.mode = 'priority') <> 0
    OR sum(d.delta) FILTER (WHERE d.mode = 'future') <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (report, grain, day, label) DO UPDATE SET
    n_standard = c.n_standard + excluded.n_standard, n_priority = c.n_priority + excluded.n_priority, n_future = c.n_future + excluded.n_future;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO order_report_counts (report, grain, day, label, n_standard, n_priority, n_future)
SELECT b.report, b.grain, b.day, b.label,
  count(*) FILTER (WHERE b.mode = 'standard'), count(*) FILTER (WHERE b.mode = 'priority'), count(*) FILTER (WHERE b.mode = 'future')
FROM orders r
CROSS JOIN LATERAL order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
GROUP BY 1, 2, 3, 4;
