ALTER TABLE "comments" ADD CONSTRAINT "comments_commenter_user_type_check" CHECK ("comments"."commenter_user_type" in ('cc', 'rs', 'iptsp', 'oss_bss', 'agent', 'customer'));--> statement-breakpoint
ALTER TABLE "forward_events" ADD CONSTRAINT "forward_events_previously_issued_to_check" CHECK ("forward_events"."previously_issued_to" in ('cc', 'rs', 'iptsp', 'oss-bss', 'agent'));--> statement-breakpoint
ALTER TABLE "forward_events" ADD CONSTRAINT "forward_events_newly_issued_to_check" CHECK ("forward_events"."newly_issued_to" in ('cc', 'rs', 'iptsp', 'oss-bss'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_issued_to_check" CHECK ("tickets"."issued_to" in ('cc', 'rs', 'iptsp', 'oss-bss', 'agent'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_issuer_user_type_check" CHECK ("tickets"."issuer_user_type" in ('agent', 'customer'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ticket_status_check" CHECK ("tickets"."ticket_status" in ('open', 'in_progress', 'closed'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('cc', 'rs', 'iptsp', 'oss_bss', 'agent', 'customer'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'moderator', 'support', 'user'));