ALTER TABLE "entity_invoices" ADD COLUMN "payee_iban" text;--> statement-breakpoint
ALTER TABLE "entity_invoices" ADD COLUMN "payee_bic" text;