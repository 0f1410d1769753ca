CREATE SEQUENCE "public"."application_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "application_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text,
	"remarks" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_days" (
	"application_id" uuid NOT NULL,
	"day" date NOT NULL,
	"requested" integer[] NOT NULL,
	"granted" integer[],
	CONSTRAINT "application_days_application_id_day_pk" PRIMARY KEY("application_id","day"),
	CONSTRAINT "application_days_requested_ck" CHECK (cardinality("application_days"."requested") = 96 and array_position("application_days"."requested", null) is null and 0 <= all("application_days"."requested")),
	CONSTRAINT "application_days_granted_ck" CHECK ("application_days"."granted" is null or (cardinality("application_days"."granted") = 96 and array_position("application_days"."granted", null) is null and 0 <= all("application_days"."granted")))
);
--> statement-breakpoint
CREATE TABLE "application_schedules" (
	"application_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"from_block" integer NOT NULL,
	"to_block" integer NOT NULL,
	"requirement_centi" integer NOT NULL,
	CONSTRAINT "application_schedules_application_id_row_no_pk" PRIMARY KEY("application_id","row_no"),
	CONSTRAINT "application_schedules_blocks_ck" CHECK (1 <= "application_schedules"."from_block" and "application_schedules"."from_block" <= "application_schedules"."to_block" and "application_schedules"."to_block" <= 96),
	CONSTRAINT "application_schedules_dates_ck" CHECK ("application_schedules"."from_date" <= "application_schedules"."to_date"),
	CONSTRAINT "application_schedules_requirement_ck" CHECK ("application_schedules"."requirement_centi" > 0)
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_no" text NOT NULL,
	"type" text NOT NULL,
	"mode" text DEFAULT 'IntraState' NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"applicant_user_id" uuid NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"trader_registration_id" uuid,
	"seller_registration_id" uuid NOT NULL,
	"buyer_registration_id" uuid NOT NULL,
	"month" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"submitted_at" timestamp with time zone,
	"status_since" timestamp with time zone DEFAULT now() NOT NULL,
	"fee_due_id" uuid,
	"remarks" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_type_ck" CHECK ("applications"."type" in ('Advance', 'DayAhead', 'FCFS', 'ContingencyDayAhead', 'ContingencySameDay')),
	CONSTRAINT "applications_mode_ck" CHECK ("applications"."mode" in ('IntraState', 'InterState')),
	CONSTRAINT "applications_month_ck" CHECK ("applications"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "applications_dates_ck" CHECK ("applications"."from_date" <= "applications"."to_date")
);
--> statement-breakpoint
ALTER TABLE "application_actions" ADD CONSTRAINT "application_actions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_actions" ADD CONSTRAINT "application_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_days" ADD CONSTRAINT "application_days_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_schedules" ADD CONSTRAINT "application_schedules_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_trader_registration_id_registrations_id_fk" FOREIGN KEY ("trader_registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_seller_registration_id_registrations_id_fk" FOREIGN KEY ("seller_registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_buyer_registration_id_registrations_id_fk" FOREIGN KEY ("buyer_registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_fee_due_id_dues_id_fk" FOREIGN KEY ("fee_due_id") REFERENCES "public"."dues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_actions_application_idx" ON "application_actions" USING btree ("application_id","created_on");--> statement-breakpoint
CREATE INDEX "application_days_day_idx" ON "application_days" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_no_uq" ON "applications" USING btree ("application_no");--> statement-breakpoint
CREATE INDEX "applications_type_submitted_idx" ON "applications" USING btree ("type","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_type_status_submitted_idx" ON "applications" USING btree ("type","status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_applicant_idx" ON "applications" USING btree ("applicant_user_id","updated_on","id");--> statement-breakpoint
CREATE INDEX "applications_created_by_idx" ON "applications" USING btree ("created_by_user_id","updated_on","id");--> statement-breakpoint
CREATE INDEX "applications_trader_idx" ON "applications" USING btree ("trader_registration_id","updated_on");--> statement-breakpoint
CREATE INDEX "applications_seller_idx" ON "applications" USING btree ("seller_registration_id","status");--> statement-breakpoint
CREATE INDEX "applications_buyer_idx" ON "applications" USING btree ("buyer_registration_id","status");--> statement-breakpoint
-- Default of the same-day contingency lead (DOMAIN.md §3: "same-day start >= now + lead"), like the revision rule: the 4th block counting the current one as the 1st.
INSERT INTO "settings" ("key", "value", "effective_from") VALUES ('contingencyLeadBlocks', '4', '2000-01-01');
