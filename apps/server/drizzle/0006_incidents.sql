CREATE TABLE "incidents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incidents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"group_id" uuid,
	"sub_group_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"public_note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution_message" text,
	CONSTRAINT "incidents_status_check" CHECK ("incidents"."status" in ('active', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "incident_id" bigint;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_sub_group_id_subgroups_id_fk" FOREIGN KEY ("sub_group_id") REFERENCES "public"."subgroups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_status_created" ON "incidents" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "incidents_active_subgroup" ON "incidents" USING btree ("sub_group_id") WHERE status = 'active';--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_incident" ON "tickets" USING btree ("incident_id","created_at") WHERE incident_id is not null;