CREATE TABLE "alarm_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"client_id" uuid,
	"alarms" integer NOT NULL,
	"firing" integer NOT NULL,
	"resolved" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"matchers" jsonb NOT NULL,
	"group_id" uuid NOT NULL,
	"sub_group_id" uuid,
	"area_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"public_note_template" text DEFAULT '' NOT NULL,
	"restoration_message" text DEFAULT '' NOT NULL,
	"auto_resolve" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"key" text NOT NULL,
	"client_id" uuid,
	"status" text NOT NULL,
	"severity" text,
	"summary" text NOT NULL,
	"labels" jsonb NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"incident_id" bigint,
	"rule_id" uuid,
	CONSTRAINT "alarms_status_check" CHECK ("alarms"."status" in ('firing', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_kind_check";--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "opened_by" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "area_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "alarm_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "alarms_clear_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "network_recovered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarm_deliveries" ADD CONSTRAINT "alarm_deliveries_client_id_api_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."api_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_sub_group_id_subgroups_id_fk" FOREIGN KEY ("sub_group_id") REFERENCES "public"."subgroups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_client_id_api_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."api_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_rules_position" ON "alarm_rules" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_source_key" ON "alarms" USING btree ("source","key");--> statement-breakpoint
CREATE INDEX "alarms_recent" ON "alarms" USING btree ("last_seen" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alarms_firing" ON "alarms" USING btree ("last_seen" DESC NULLS LAST) WHERE status = 'firing';--> statement-breakpoint
CREATE INDEX "alarms_unrouted" ON "alarms" USING btree ("last_seen" DESC NULLS LAST) WHERE status = 'firing' and rule_id is null;--> statement-breakpoint
CREATE INDEX "alarms_client_firing" ON "alarms" USING btree ("client_id") WHERE status = 'firing';--> statement-breakpoint
CREATE INDEX "alarms_incident" ON "alarms" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "incidents_alarms_clear" ON "incidents" USING btree ("alarms_clear_since") WHERE status = 'active' and alarms_clear_since is not null;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_opened_by_check" CHECK ("incidents"."opened_by" in ('staff', 'alarm'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kind_check" CHECK ("users"."kind" in ('person', 'client', 'system'));--> statement-breakpoint
-- The desk's own account: alarm-driven recovery resolves tickets and writes their restoration message as it (DESIGN.md §22).
INSERT INTO "users" ("id", "name", "product_number", "user_type", "role", "kind") VALUES ('00000000-0000-4000-8000-000000000022', 'Network monitoring', 'system-alarms', 'cc', 'support', 'system');
