ALTER TABLE "curtailment_items" ALTER COLUMN "refund_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "curtailments" ALTER COLUMN "refund_paise" SET DATA TYPE bigint;