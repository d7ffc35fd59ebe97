import { z } from "zod";

/**
 * The cleaning reset (SPEC §7): the admin clears the demonstration data from a database that
 * starts serving real families. A dry run (the default) lists what would go; the real run
 * needs `confirm: true` as well, and keeps any demo row a real row still points to.
 */
export const cleaningResetSchema = z
  .object({
    dry_run: z.boolean({ error: "cleaning__dry_run__invalid" }).default(true),
    confirm: z.boolean({ error: "cleaning__confirm__invalid" }).optional(),
  })
  .meta({ id: "CleaningReset" });
export type CleaningResetInput = z.infer<typeof cleaningResetSchema>;

export const cleaningReportSchema = z
  .object({
    dry_run: z.boolean(),
    /** Whether the rows were deleted (never on a dry run). */
    cleared: z.boolean(),
    total: z.number().int(),
    tables: z.array(z.object({ table: z.string(), count: z.number().int(), labels: z.array(z.string()).meta({ description: "A few of the rows, by name" }) })),
    kept: z.array(
      z.object({
        table: z.string(),
        id: z.number().int(),
        label: z.string(),
        referenced_by: z.object({ table: z.string(), id: z.number().int().nullable() }).meta({ description: "The real row that still points to this demo row" }),
      }),
    ),
  })
  .meta({ id: "CleaningReport" });
export type CleaningReport = z.infer<typeof cleaningReportSchema>;
