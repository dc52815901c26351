CREATE TABLE "incident_dismissals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department" text NOT NULL,
	"sub_group_id" uuid NOT NULL,
	"dismissed_by" uuid,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_dismissals_department_check" CHECK ("incident_dismissals"."department" in ('cc', 'rs', 'iptsp', 'oss-bss'))
);
--> statement-breakpoint
ALTER TABLE "incident_dismissals" ADD CONSTRAINT "incident_dismissals_sub_group_id_subgroups_id_fk" FOREIGN KEY ("sub_group_id") REFERENCES "public"."subgroups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_dismissals" ADD CONSTRAINT "incident_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_dismissals_department_at" ON "incident_dismissals" USING btree ("department","dismissed_at");