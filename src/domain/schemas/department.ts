import { z } from "zod";

/** French départements (with their région), for the place pages and pickers. */
export const departmentSchema = z
  .object({
    id: z.string().meta({ example: "69" }),
    code: z.string().meta({ example: "69" }),
    name: z.string().meta({ example: "Rhône" }),
    slug: z.string().meta({ example: "rhone" }),
    region: z.object({ code: z.string(), name: z.string() }),
    cityhalls_count: z.number().int(),
  })
  .meta({ id: "Department" });
export type Department = z.infer<typeof departmentSchema>;
