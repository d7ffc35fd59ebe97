ALTER TABLE "flower_orders" ADD COLUMN "order_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "flower_orders_order_key_idx" ON "flower_orders" USING btree ("order_key");