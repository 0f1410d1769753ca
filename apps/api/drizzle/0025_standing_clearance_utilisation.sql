CREATE TABLE "standing_clearance_utilisation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"standing_clearance_id" uuid NOT NULL,
	"usage_date" date NOT NULL,
	"direction" text NOT NULL,
	"blocks" integer[] NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_on" timestamp with time zone NOT NULL,
	CONSTRAINT "standing_clearance_utilisation_direction_ck" CHECK ("standing_clearance_utilisation"."direction" in ('Buy', 'Sell')),
	CONSTRAINT "standing_clearance_utilisation_blocks_ck" CHECK (cardinality("standing_clearance_utilisation"."blocks") = 96 and array_position("standing_clearance_utilisation"."blocks", null) is null and 0 <= all("standing_clearance_utilisation"."blocks"))
);
--> statement-breakpoint
ALTER TABLE "standing_clearance_utilisation" ADD CONSTRAINT "standing_clearance_utilisation_standing_clearance_id_standing_clearances_id_fk" FOREIGN KEY ("standing_clearance_id") REFERENCES "public"."standing_clearances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_clearance_utilisation" ADD CONSTRAINT "standing_clearance_utilisation_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_clearance_utilisation_uq" ON "standing_clearance_utilisation" USING btree ("standing_clearance_id","usage_date","direction");