CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"payer_user_id" uuid NOT NULL,
	"description" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"account_holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"remarks" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"made_by" uuid NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"checked_by" uuid,
	"checked_at" timestamp with time zone,
	"checker_remarks" text,
	"payout_reference" text,
	"payout_date" date,
	CONSTRAINT "refunds_amount_ck" CHECK ("refunds"."amount_paise" > 0),
	CONSTRAINT "refunds_status_ck" CHECK ("refunds"."status" in ('PENDING', 'PAID', 'RETURNED'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_source_idx" ON "refunds" USING btree ("source_type","source_id","record_id");--> statement-breakpoint
CREATE INDEX "refunds_record_idx" ON "refunds" USING btree ("record_id","made_at");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","made_at");