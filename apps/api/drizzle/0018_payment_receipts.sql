CREATE TABLE "payment_receipt_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_serial" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_receipts" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"receipt_no" text NOT NULL,
	"verification_code" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_no_uq" ON "payment_receipts" USING btree ("receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_fy_serial_uq" ON "payment_receipts" USING btree ("financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_code_uq" ON "payment_receipts" USING btree ("verification_code");