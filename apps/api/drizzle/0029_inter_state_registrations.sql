CREATE SEQUENCE "public"."inter_state_registration_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "inter_state_registration_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inter_state_registration_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text,
	"remarks" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inter_state_registration_versions" (
	"inter_state_registration_id" uuid NOT NULL,
	"submission" integer NOT NULL,
	"utility_type" text NOT NULL,
	"utility_id" uuid,
	"data" jsonb NOT NULL,
	"submitted_by" uuid NOT NULL,
	"submitted_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inter_state_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"utility_type" text NOT NULL,
	"utility_id" uuid,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"entity_name" text NOT NULL,
	"inter_state_registration_no" text,
	"noar_registration_no" text,
	"data" jsonb NOT NULL,
	"submitted_on" timestamp with time zone,
	"status_since" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inter_state_registration_actions" ADD CONSTRAINT "inter_state_registration_actions_inter_state_registration_id_inter_state_registrations_id_fk" FOREIGN KEY ("inter_state_registration_id") REFERENCES "public"."inter_state_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_registration_actions" ADD CONSTRAINT "inter_state_registration_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_registration_versions" ADD CONSTRAINT "inter_state_registration_versions_inter_state_registration_id_inter_state_registrations_id_fk" FOREIGN KEY ("inter_state_registration_id") REFERENCES "public"."inter_state_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_registration_versions" ADD CONSTRAINT "inter_state_registration_versions_utility_id_transco_discom_id_fk" FOREIGN KEY ("utility_id") REFERENCES "public"."transco_discom"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_registration_versions" ADD CONSTRAINT "inter_state_registration_versions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_registrations" ADD CONSTRAINT "inter_state_registrations_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_registrations" ADD CONSTRAINT "inter_state_registrations_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_state_registrations" ADD CONSTRAINT "inter_state_registrations_utility_id_transco_discom_id_fk" FOREIGN KEY ("utility_id") REFERENCES "public"."transco_discom"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inter_state_registration_actions_record_idx" ON "inter_state_registration_actions" USING btree ("inter_state_registration_id","created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "inter_state_registration_versions_pk" ON "inter_state_registration_versions" USING btree ("inter_state_registration_id","submission");--> statement-breakpoint
CREATE INDEX "inter_state_registrations_owner_idx" ON "inter_state_registrations" USING btree ("owner_user_id","updated_on");--> statement-breakpoint
CREATE INDEX "inter_state_registrations_status_idx" ON "inter_state_registrations" USING btree ("status","updated_on");--> statement-breakpoint
CREATE INDEX "inter_state_registrations_utility_idx" ON "inter_state_registrations" USING btree ("utility_id","updated_on");--> statement-breakpoint
CREATE UNIQUE INDEX "inter_state_registrations_open_uq" ON "inter_state_registrations" USING btree ("registration_id") WHERE status not in ('SLDCRejected', 'DISCOMRejected', 'TRANSCORejected', 'Rejected');