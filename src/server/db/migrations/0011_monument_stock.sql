ALTER TABLE "marble_details" ADD COLUMN "finish" text;--> statement-breakpoint
ALTER TABLE "marble_details" ADD COLUMN "accessories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "marble_details" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "marble_details" ADD COLUMN "concession_type_id" integer;--> statement-breakpoint
ALTER TABLE "marble_details" ADD COLUMN "supplier_warehouse_id" integer;--> statement-breakpoint
ALTER TABLE "marble_details" ADD COLUMN "lead_time_days" smallint;--> statement-breakpoint
ALTER TABLE "marble_details" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "supplier_warehouse_products" ADD COLUMN "stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_warehouse_products" ADD COLUMN "lead_time_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marble_details" ADD CONSTRAINT "marble_details_concession_type_id_concession_types_id_fk" FOREIGN KEY ("concession_type_id") REFERENCES "public"."concession_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marble_details" ADD CONSTRAINT "marble_details_supplier_warehouse_id_supplier_warehouses_id_fk" FOREIGN KEY ("supplier_warehouse_id") REFERENCES "public"."supplier_warehouses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_warehouse_products_product_idx" ON "supplier_warehouse_products" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "supplier_warehouse_products" ADD CONSTRAINT "supplier_warehouse_products_stock_check" CHECK ("supplier_warehouse_products"."stock" >= 0 AND "supplier_warehouse_products"."lead_time_days" >= 0);