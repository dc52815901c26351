DROP INDEX "users_live_created";--> statement-breakpoint
CREATE INDEX "users_live_page" ON "users" USING btree ("created_at" DESC NULLS FIRST,"name","id","product_number") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_product_number_trgm" ON "users" USING gin ("product_number" gin_trgm_ops) WHERE deleted_at is null;