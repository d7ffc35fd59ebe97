ALTER TABLE "administrative_procedures" ADD COLUMN "situation" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "administrative_procedures" ADD COLUMN "checklist_done" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "defuncts" ADD COLUMN "declaration_state" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "defuncts" ADD COLUMN "declaration_comment" text;--> statement-breakpoint
ALTER TABLE "ongoing_formalities" ADD COLUMN "letter_generated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ongoing_formalities" ADD COLUMN "sent_to" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ongoing_formalities_procedure_formality_idx" ON "ongoing_formalities" USING btree ("administrative_procedure_id","companies_formality_id");