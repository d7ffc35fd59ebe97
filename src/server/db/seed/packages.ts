import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/** Reads data files shipped by installed packages (the seed runs from the project root). */
const requireFromRoot = createRequire(join(process.cwd(), "package.json"));

export function packageFile(specifier: string): string {
  return requireFromRoot.resolve(specifier);
}

export function readPackageJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(packageFile(specifier), "utf8")) as T;
}

/** Like readPackageJson but tolerates a missing or empty file (data some packages fetch at install time). */
export function readOptionalPackageJson<T>(specifier: string): T | null {
  let path: string;
  try {
    path = packageFile(specifier);
  } catch {
    return null;
  }
  if (!existsSync(path)) return null;
  const text = readFileSync(path, "utf8").trim();
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function requirePackage<T>(specifier: string): T {
  return requireFromRoot(specifier) as T;
}
