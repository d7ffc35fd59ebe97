import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * A server component that imports a value (not a component) from a "use client" module
 * gets a client reference instead: a function whose text is "Attempted to call X() from
 * the server…". Used in a string it silently becomes that text (the skip link's href was
 * `#function(){throw Error(…`), so this walks the server module graph from every route
 * file and fails on any such import.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EXTENSIONS = [".tsx", ".ts", "/index.tsx", "/index.ts"];

type Parsed = { client: boolean; source: ts.SourceFile };
const cache = new Map<string, Parsed>();

function parse(file: string): Parsed {
  let parsed = cache.get(file);
  if (!parsed) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    parsed = { client: isClientModule(source), source };
    cache.set(file, parsed);
  }
  return parsed;
}

function isClientModule(source: ts.SourceFile): boolean {
  for (const statement of source.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) return false;
    if (statement.expression.text === "use client") return true;
  }
  return false;
}

/** Project files only: packages are their own authors' business. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = join(ROOT, "src", specifier.slice(2));
  else if (specifier.startsWith(".")) base = join(dirname(from), specifier);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

// Components are PascalCase; SCREAMING_CASE constants and camelCase helpers are not.
const isPascalCase = (name: string) => /^[A-Z][a-z]/.test(name);

/** What a client module exports under `name`: a component (rendered across the boundary) or another value. */
function isComponentExport(source: ts.SourceFile, name: string): boolean {
  if (name === "default") return true;
  if (!isPascalCase(name)) return false;
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return true;
    if (ts.isClassDeclaration(statement) && statement.name?.text === name) return true;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
        const init = declaration.initializer;
        // memo(…), forwardRef(…), dynamic(…) and plain function expressions are components.
        return Boolean(init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init) || ts.isCallExpression(init)));
      }
    }
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      // `export { X }` / `export { X } from "./y"`: trust the name.
      if (statement.exportClause.elements.some((e) => e.name.text === name)) return true;
    }
  }
  return false;
}

type Finding = { importer: string; module: string; name: string };

/** Value names a file imports from each project module (type-only imports are erased). */
function valueImports(source: ts.SourceFile): { specifier: string; names: string[] }[] {
  const out: { specifier: string; names: string[] }[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const names: string[] = [];
      if (clause && !clause.isTypeOnly) {
        if (clause.name) names.push("default");
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push("*");
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
        }
      }
      out.push({ specifier: statement.moduleSpecifier.text, names });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && !statement.isTypeOnly) {
      const names = statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text) : ["*"];
      out.push({ specifier: statement.moduleSpecifier.text, names });
    }
  }
  return out;
}

function serverImportsOfClientValues(entries: string[]): { findings: Finding[]; serverModules: number } {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const queue = entries.filter((file) => !parse(file).client);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { specifier, names } of valueImports(parse(file).source)) {
      const target = resolve(file, specifier);
      if (!target || names.length === 0) continue;
      const imported = parse(target);
      if (imported.client) {
        for (const name of names) if (!isComponentExport(imported.source, name)) findings.push({ importer: relative(ROOT, file), module: relative(ROOT, target), name });
      } else queue.push(target);
    }
  }
  return { findings, serverModules: seen.size };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe("server components and \"use client\" modules", () => {
  it("import only components from client modules (values belong in a plain module both sides import)", () => {
    const entries = [...walk(join(ROOT, "app")), ...["proxy.ts", "instrumentation.ts"].map((f) => join(ROOT, f)).filter(existsSync)];
    const { findings, serverModules } = serverImportsOfClientValues(entries);
    // A walker that stopped resolving imports would pass vacuously.
    expect(serverModules).toBeGreaterThan(100);
    expect(findings).toEqual([]);
  });
});
