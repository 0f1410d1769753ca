CREATE SEQUENCE "public"."standing_clearance_certificate_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."standing_clearance_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "standing_clearance_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "standing_clearance_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"standing_clearance_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text,
	"remarks" text,
	"created_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standing_clearances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_no" text NOT NULL,
	"transaction_type" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"applicant_user_id" uuid NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"max_buy_centi" integer,
	"max_sell_centi" integer,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"declaration" boolean NOT NULL,
	"remarks" text,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"fee_due_id" uuid,
	"certificate_no" text,
	"verification_code" text,
	"issued_at" timestamp with time zone,
	"issued_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" uuid,
	"decision_reason" text,
	"created_on" timestamp with time zone NOT NULL,
	"updated_on" timestamp with time zone NOT NULL,
	CONSTRAINT "standing_clearances_type_ck" CHECK ("standing_clearances"."transaction_type" in ('PowerExchange', 'Bilateral')),
	CONSTRAINT "standing_clearances_status_ck" CHECK ("standing_clearances"."status" in ('Submitted', 'Verified', 'Issued', 'Refused', 'Revoked')),
	CONSTRAINT "standing_clearances_mw_ck" CHECK (("standing_clearances"."max_buy_centi" is null or "standing_clearances"."max_buy_centi" > 0) and ("standing_clearances"."max_sell_centi" is null or "standing_clearances"."max_sell_centi" > 0) and ("standing_clearances"."max_buy_centi" is not null or "standing_clearances"."max_sell_centi" is not null)),
	CONSTRAINT "standing_clearances_period_ck" CHECK ("standing_clearances"."valid_from" <= "standing_clearances"."valid_to"),
	CONSTRAINT "standing_clearances_issued_ck" CHECK ("standing_clearances"."status" not in ('Issued', 'Revoked') or ("standing_clearances"."certificate_no" is not null and "standing_clearances"."verification_code" is not null and "standing_clearances"."issued_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "standing_clearance_actions" ADD CONSTRAINT "standing_clearance_actions_standing_clearance_id_standing_clearances_id_fk" FOREIGN KEY ("standing_clearance_id") REFERENCES "public"."standing_clearances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_clearance_actions" ADD CONSTRAINT "standing_clearance_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD CONSTRAINT "standing_clearances_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD CONSTRAINT "standing_clearances_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD CONSTRAINT "standing_clearances_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD CONSTRAINT "standing_clearances_fee_due_id_dues_id_fk" FOREIGN KEY ("fee_due_id") REFERENCES "public"."dues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD CONSTRAINT "standing_clearances_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD CONSTRAINT "standing_clearances_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standing_clearance_actions_clearance_idx" ON "standing_clearance_actions" USING btree ("standing_clearance_id","created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_clearances_no_uq" ON "standing_clearances" USING btree ("application_no");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_clearances_certificate_uq" ON "standing_clearances" USING btree ("certificate_no");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_clearances_code_uq" ON "standing_clearances" USING btree ("verification_code");--> statement-breakpoint
CREATE INDEX "standing_clearances_registration_idx" ON "standing_clearances" USING btree ("registration_id","transaction_type","valid_from");--> statement-breakpoint
CREATE INDEX "standing_clearances_applicant_idx" ON "standing_clearances" USING btree ("applicant_user_id","created_on");--> statement-breakpoint
CREATE INDEX "standing_clearances_created_by_idx" ON "standing_clearances" USING btree ("created_by_user_id","created_on");--> statement-breakpoint
CREATE INDEX "standing_clearances_status_idx" ON "standing_clearances" USING btree ("status","created_on");