-- Retention: when the passport, travel and customs answers and the finished document of an order were
-- erased (server/db/personal-data.ts). A nullable column without a default: a catalogue change only, no rewrite.
ALTER TABLE "orders" ADD COLUMN "travel_erased_at" timestamp with time zone;
