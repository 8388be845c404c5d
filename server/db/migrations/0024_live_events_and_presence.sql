CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" bigint,
	"old_status" text,
	"new_status" text,
	"old_mode" text,
	"new_mode" text,
	"old_processing_date" date,
	"new_processing_date" date,
	"old_assignee" integer,
	"new_assignee" integer,
	"actor_id" integer,
	"step" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_presence" (
	"member_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"order_id" bigint NOT NULL,
	"state" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_presence_member_id_client_id_pk" PRIMARY KEY("member_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "order_presence" ADD CONSTRAINT "order_presence_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_presence_order_idx" ON "order_presence" USING btree ("order_id");--> statement-breakpoint
-- Live events, written in the changing transaction by statement-level triggers with transition tables
-- (like the folder counts). A statement that changes more than 200 orders (a bulk load, a mass move) writes one
-- 'resync' event instead of one per order. The triggers do not NOTIFY: a transaction that notifies holds
-- PostgreSQL's database-wide notify lock through its commit, which would make concurrent status moves commit one
-- at a time. The app notifies after the request has committed, and every listening
-- process also reads the table once a second (docs/decisions/0015).
CREATE OR REPLACE FUNCTION live_events_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO changed FROM old_rows;
  ELSE
    SELECT count(*) INTO changed FROM old_rows o JOIN new_rows n ON n.order_id = o.order_id
    WHERE (o.process_status, o.processing_mode, o.processing_date, o.assigned_to_id)
      IS DISTINCT FROM (n.process_status, n.processing_mode, n.processing_date, n.assigned_to_id);
  END IF;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed > 200 THEN
    INSERT INTO live_events (kind) VALUES ('resync');
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO live_events (kind, order_id, new_status, new_mode, new_processing_date, new_assignee)
    SELECT 'order', n.order_id, n.process_status, n.processing_mode, n.processing_date, n.assigned_to_id
    FROM new_rows n ORDER BY n.order_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO live_events (kind, order_id, old_status, old_mode, old_processing_date, old_assignee)
    SELECT 'order', o.order_id, o.process_status, o.processing_mode, o.processing_date, o.assigned_to_id
    FROM old_rows o ORDER BY o.order_id;
  ELSE
    INSERT INTO live_events (kind, order_id, old_status, new_status, old_mode, new_mode, old_processing_date,
                             new_processing_date, old_assignee, new_assignee)
    SELECT 'order', n.order_id, o.process_status, n.process_status, o.processing_mode, n.processing_mode,
           o.processing_date, n.processing_date, o.assigned_to_id, n.assigned_to_id
    FROM old_rows o JOIN new_rows n ON n.order_id = o.order_id
    WHERE (o.process_status, o.processing_mode, o.processing_date, o.assigned_to_id)
      IS DISTINCT FROM (n.process_status, n.processing_mode, n.processing_date, n.assigned_to_id)
    ORDER BY n.order_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_events_orders_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (kind) VALUES ('resync');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every change to an order writes its process-log line in the same transaction: that line is the "someone changed
-- the order you are reading" event, with who did it (staff_id) and what (the step name; never the detail).
CREATE OR REPLACE FUNCTION live_events_process_logs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  SELECT count(*) INTO added FROM new_rows;
  IF added = 0 THEN
    RETURN NULL;
  END IF;
  IF added > 200 THEN
    INSERT INTO live_events (kind) VALUES ('resync');
  ELSE
    INSERT INTO live_events (kind, order_id, actor_id, step)
    SELECT 'activity', n.order_id, n.staff_id, n.step_name FROM new_rows n ORDER BY n.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_live_events_ins AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_orders();
--> statement-breakpoint
CREATE TRIGGER orders_live_events_upd AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_orders();
--> statement-breakpoint
CREATE TRIGGER orders_live_events_del AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_orders();
--> statement-breakpoint
CREATE TRIGGER orders_live_events_trunc AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_orders_truncate();
--> statement-breakpoint
CREATE TRIGGER process_logs_live_events_ins AFTER INSERT ON process_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_process_logs();
