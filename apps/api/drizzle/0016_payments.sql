CREATE TABLE "payment_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payer_user_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"due_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"due_id" uuid NOT NULL,
	"payer_user_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"reference" text NOT NULL,
	"payment_date" date NOT NULL,
	"bank_name" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"tds_section" text,
	"tds_amount_paise" bigint DEFAULT 0 NOT NULL,
	"excess_paise" bigint DEFAULT 0 NOT NULL,
	"proof_file_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"made_by" uuid NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"checked_by" uuid,
	"checked_at" timestamp with time zone,
	"remarks" text
);
--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_due_id_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."dues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_due_id_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."dues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_proof_file_id_files_id_fk" FOREIGN KEY ("proof_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_credits_payment_uq" ON "payment_credits" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_credits_payer_idx" ON "payment_credits" USING btree ("payer_user_id","status");--> statement-breakpoint
CREATE INDEX "payments_due_idx" ON "payments" USING btree ("due_id","made_at");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","made_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_live_uq" ON "payments" USING btree ("reference") WHERE "payments"."status" <> 'REVERTED';