#!/usr/bin/env node
/**
 * Codemod: rewrite imports from the root of `@stoa/shared` to its per-domain entry points
 * (`@stoa/shared/applications`, `@stoa/shared/common`, ...; see packages/shared/package.json "exports").
 *
 *   node scripts/shared-imports.mjs            # rewrite apps/, e2e/, bench/ in place
 *   node scripts/shared-imports.mjs --check    # list what would change, exit 1 if anything would
 *   node scripts/shared-imports.mjs path ...   # only these files or folders
 *
 * Each imported name is looked up in the entries with the TypeScript checker; an import declaration is
 * split into one declaration per entry, keeping `type` modifiers, aliases and the order of first use.
 * Namespace imports (`import * as shared`) and names no entry exports are left alone and reported.
 * Idempotent: run it again after merging branches that added root imports. Then run `npx prettier --write`
 * on the changed files (the script does not wrap long lines).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const sharedDir = path.join(root, 'packages/shared');
const args = process.argv.slice(2);
const check = args.includes('--check');
const targets = args.filter((arg) => !arg.startsWith('--'));
const roots =
  targets.length > 0 ? targets.map((target) => path.resolve(target)) : ['apps', 'e2e', 'bench'].map((dir) => path.join(root, dir));

// 1. Which entry exports which name.
const exportsField = JSON.parse(fs.readFileSync(path.join(sharedDir, 'package.json'), 'utf8')).exports;
const entries = Object.entries(exportsField)
  .filter(([key]) => key !== '.' && !key.includes('*'))
  .map(([key, file]) => ({ specifier: `@stoa/shared/${key.slice(2)}`, file: path.join(sharedDir, file) }));
// Root-level modules (src/endpoints.ts) are reached through the "./*" pattern.
for (const file of fs.readdirSync(path.join(sharedDir, 'src'))) {
  if (file.endsWith('.ts') && file !== 'index.ts' && !file.endsWith('.test.ts')) {
    entries.push({ specifier: `@stoa/shared/${file.slice(0, -3)}`, file: path.join(sharedDir, 'src', file) });
  }
}
const program = ts.createProgram(
  entries.map((entry) => entry.file),
  {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
  },
);
const checker = program.getTypeChecker();
// A name re-exported by a second entry (forms re-exports common's FieldError) belongs to the entry whose
// folder declares it.
const entryOf = new Map();
const homeOf = (symbol) => {
  const original = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const declared = original.declarations?.[0]?.getSourceFile().fileName;
  return (
    declared &&
    entries.find((entry) =>
      path.basename(entry.file) === 'index.ts' ? declared.startsWith(path.dirname(entry.file) + path.sep) : declared === entry.file,
    )
  );
};
for (const entry of entries) {
  const source = program.getSourceFile(entry.file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`cannot read the exports of ${entry.file}`);
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const name = symbol.getName();
    const known = entryOf.get(name);
    if (known && known !== entry.specifier) {
      const home = homeOf(symbol);
      if (!home || (home.specifier !== known && home.specifier !== entry.specifier))
        throw new Error(`${name} is exported by both ${known} and ${entry.specifier}`);
      entryOf.set(name, home.specifier);
      continue;
    }
    entryOf.set(name, entry.specifier);
  }
}

// 2. Rewrite the import (and export-from) declarations of '@stoa/shared'.
function* sourceFiles(target) {
  const stat = fs.statSync(target);
  if (stat.isFile()) {
    if (/\.(ts|tsx|mts)$/.test(target) && !target.endsWith('.d.ts')) yield target;
    return;
  }
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'test-results', 'playwright-report'].includes(entry.name)) continue;
    yield* sourceFiles(path.join(target, entry.name));
  }
}

const problems = [];
let changedFiles = 0;
let rewritten = 0;
for (const target of roots) {
  for (const file of sourceFiles(target)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes("'@stoa/shared'") && !text.includes('"@stoa/shared"')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const edits = [];
    for (const statement of source.statements) {
      const isImport = ts.isImportDeclaration(statement);
      const isExport = ts.isExportDeclaration(statement);
      if (!isImport && !isExport) continue;
      if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== '@stoa/shared')
        continue;
      const where = `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(statement.getStart()).line + 1}`;
      let elements;
      let typeOnly;
      if (isImport) {
        const clause = statement.importClause;
        if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) {
          problems.push(`${where}: not a plain named import, left alone`);
          continue;
        }
        elements = clause.namedBindings.elements;
        typeOnly = clause.isTypeOnly;
      } else {
        if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
          problems.push(`${where}: export * from the root, left alone`);
          continue;
        }
        elements = statement.exportClause.elements;
        typeOnly = statement.isTypeOnly;
      }
      const groups = new Map();
      const unknown = [];
      for (const element of elements) {
        const name = (element.propertyName ?? element.name).text;
        const specifier = entryOf.get(name);
        if (!specifier) unknown.push(name);
        else groups.set(specifier, [...(groups.get(specifier) ?? []), element.getText(source)]);
      }
      if (unknown.length > 0) {
        problems.push(
          `${where}: no entry exports ${unknown.join(', ')}; the declaration is left alone (add the module to its domain's index.ts)`,
        );
        continue;
      }
      // A group whose every name is `type X` becomes `import type { X }` (nothing of it is loaded at run time).
      const declaration = (specifier, names) => {
        const allTypes = !typeOnly && names.every((name) => name.startsWith('type '));
        const keyword = `${isImport ? 'import' : 'export'}${typeOnly || allTypes ? ' type' : ''}`;
        const list = allTypes ? names.map((name) => name.slice('type '.length)) : names;
        return `${keyword} { ${list.join(', ')} } from '${specifier}';`;
      };
      const replacement = [...groups].map(([specifier, names]) => declaration(specifier, names)).join('\n');
      edits.push({ start: statement.getStart(source), end: statement.getEnd(), replacement });
    }
    if (edits.length === 0) continue;
    changedFiles += 1;
    rewritten += edits.length;
    if (check) {
      console.log(`would rewrite ${path.relative(root, file)} (${edits.length})`);
      continue;
    }
    let next = text;
    for (const edit of edits.sort((a, b) => b.start - a.start)) next = next.slice(0, edit.start) + edit.replacement + next.slice(edit.end);
    fs.writeFileSync(file, next);
  }
}
for (const problem of problems) console.warn(problem);
console.log(
  `${check ? 'would rewrite' : 'rewrote'} ${rewritten} import declarations in ${changedFiles} files; ${problems.length} left alone`,
);
if (check && rewritten > 0) process.exitCode = 1;
