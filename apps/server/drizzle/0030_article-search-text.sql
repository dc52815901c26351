DROP INDEX "articles_title_en_trgm";--> statement-breakpoint
DROP INDEX "articles_title_bn_trgm";--> statement-breakpoint
DROP INDEX "articles_body_en_trgm";--> statement-breakpoint
DROP INDEX "articles_body_bn_trgm";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title_en || ' ' || title_bn || ' ' || body_en || ' ' || body_bn)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_search_text_trgm" ON "articles" USING gin ("search_text" gin_trgm_ops);