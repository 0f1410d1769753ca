CREATE SEQUENCE "public"."inter_state_consent_certificate_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."inter_state_consent_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "inter_state_consent_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inter_state_consent_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"consent_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text,
	"remarks" text,
	"created_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inter_state_consent_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consent_id" uuid NOT NULL,
	"day" date NOT NULL,
	"element_key" text NOT NULL,
	"requested" integer[] NOT NULL,
	"granted" integer[],
	CONSTRAINT "inter_state_consent_days_requested_ck" CHECK (cardinality("inter_state_consent_days"."requested") = 96 and 0 <= all("inter_state_consent_days"."requested")),
	CONSTRAINT "inter_state_consent_days_granted_ck" CHECK ("inter_state_consent_days"."granted" is null or (cardinality("inter_state_consent_days"."granted") = 96 and 0 <= all("inter_state_consent_days"."granted")))
);
--> statement-breakpoint
CREATE TABLE "inter_state_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_no" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"applicant_user_id" uuid NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"counterparty_state" text NOT NULL,
	"counterparty_entity" text NOT NULL,
	"trader_name" text,
	"element" text NOT NULL,
	"element_key" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"schedule" jsonb NOT NULL,
	"proposed_reductions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"certificate_no" text,
	"verification_code" text,
	"deemed" boolean DEFAULT false NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" uuid,
	"decision_reason" text,
	"created_on" timestamp with time zone NOT NULL,
	"updated_on" timestamp with time zone NOT NULL,
	CONSTRAINT "inter_state_consents_direction_ck" CHECK ("inter_state_consents"."direction" in ('Sale', 'Purchase')),
	CONSTRAINT "inter_state_consents_status_ck" CHECK ("inter_state_consents"."status" in ('Draft', 'Submitted', 'Verified', 'Consented', 'PartiallyConsented', 'Refused')),
	CONSTRAINT "inter_state_consents_period_ck" CHECK ("inter_state_consents"."from_date" <= "inter_state_consents"."to_date"),
	CONSTRAINT "inter_state_consents_consented_ck" CHECK ("inter_state_consents"."status" not in ('Consented', 'PartiallyConsented') or ("inter_state_consents"."certificate_no" is not null and "inter_state_consents"."verification_code" is not null))
);
--> statement-breakpoint
ALTER TABLE "inter_state_consent_actions" ADD CONSTRAINT "inter_state_consent_actions_consent_id_inter_state_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."inter_state_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_consent_actions" ADD CONSTRAINT "inter_state_consent_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_consent_days" ADD CONSTRAINT "inter_state_consent_days_consent_id_inter_state_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."inter_state_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_consents" ADD CONSTRAINT "inter_state_consents_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_consents" ADD CONSTRAINT "inter_state_consents_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_consents" ADD CONSTRAINT "inter_state_consents_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_consents" ADD CONSTRAINT "inter_state_consents_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inter_state_consent_actions_consent_idx" ON "inter_state_consent_actions" USING btree ("consent_id","created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "inter_state_consent_days_uq" ON "inter_state_consent_days" USING btree ("consent_id","day");--> statement-breakpoint
CREATE INDEX "inter_state_consent_days_element_idx" ON "inter_state_consent_days" USING btree ("element_key","day");--> statement-breakpoint
CREATE UNIQUE INDEX "inter_state_consents_no_uq" ON "inter_state_consents" USING btree ("application_no");--> statement-breakpoint
CREATE UNIQUE INDEX "inter_state_consents_certificate_uq" ON "inter_state_consents" USING btree ("certificate_no");--> statement-breakpoint
CREATE UNIQUE INDEX "inter_state_consents_code_uq" ON "inter_state_consents" USING btree ("verification_code");--> statement-breakpoint
CREATE INDEX "inter_state_consents_applicant_idx" ON "inter_state_consents" USING btree ("applicant_user_id","created_on");--> statement-breakpoint
CREATE INDEX "inter_state_consents_created_by_idx" ON "inter_state_consents" USING btree ("created_by_user_id","created_on");--> statement-breakpoint
CREATE INDEX "inter_state_consents_status_idx" ON "inter_state_consents" USING btree ("status","created_on");