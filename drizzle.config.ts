import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from src/server/db/schema; they are committed and applied on start and in tests.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/*.ts",
  out: "./src/server/db/migrations",
  casing: "snake_case",
  strict: true,
  verbose: false,
});
