CREATE TABLE "article_helps" (
	"article_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_helps_article_id_day_pk" PRIMARY KEY("article_id","day")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_bn" text NOT NULL,
	"body_en" text NOT NULL,
	"body_bn" text NOT NULL,
	"visibility" text NOT NULL,
	"sub_group_id" uuid,
	"published" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_visibility_check" CHECK ("articles"."visibility" in ('public', 'internal')),
	CONSTRAINT "articles_slug_format" CHECK ("articles"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("articles"."slug") between 3 and 80)
);
--> statement-breakpoint
ALTER TABLE "article_helps" ADD CONSTRAINT "article_helps_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_sub_group_id_subgroups_id_fk" FOREIGN KEY ("sub_group_id") REFERENCES "public"."subgroups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_helps_day" ON "article_helps" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "articles_updated" ON "articles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "articles_title_en_trgm" ON "articles" USING gin ("title_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_title_bn_trgm" ON "articles" USING gin ("title_bn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_body_en_trgm" ON "articles" USING gin ("body_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_body_bn_trgm" ON "articles" USING gin ("body_bn" gin_trgm_ops);