import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ImportEdge {
  /** importing file, relative to the root, with `/` */
  from: string;
  /** imported file (or folder of a glob), relative to the root, with `/` */
  to: string;
  /** the specifier as written */
  spec: string;
}

const SOURCE = /\.(ts|tsx|mts)$/;

/** Every TypeScript file under the given folders (relative to the root). */
export function sourceFiles(dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(p);
      } else if (SOURCE.test(e.name)) out.push(path.relative(ROOT, p).split(path.sep).join('/'));
    }
  };
  for (const d of dirs) walk(path.join(ROOT, d));
  return out.sort();
}

// Static and side-effect imports, re-exports, dynamic import() and Vite's import.meta.glob (its
// fixed part before the first wildcard). Type-only imports count: a type ties layers as much.
const PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bimport\.meta\.glob(?:<[^>]*>)?\(\s*\[?\s*['"]([^'"]+)['"]/g,
];

/** Block comments and whole-line comments removed, so that prose about an import is not one. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function resolveTarget(fromFile: string, spec: string): string {
  const glob = spec.indexOf('*');
  const fixed = glob >= 0 ? spec.slice(0, spec.lastIndexOf('/', glob) + 1) : spec;
  const base = path.resolve(ROOT, path.dirname(fromFile), fixed);
  const candidates = glob >= 0 ? [base] : [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx'), base.replace(/\.js$/, '.ts')];
  const hit = candidates.find((c) => fs.existsSync(c) && (glob >= 0 || fs.statSync(c).isFile())) ?? base;
  return path.relative(ROOT, hit).split(path.sep).join('/');
}

/** The relative imports of the files (package imports are left out). */
export function importEdges(files: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const text = withoutComments(fs.readFileSync(path.join(ROOT, from), 'utf8'));
    const seen = new Set<string>();
    for (const re of PATTERNS) {
      for (const m of text.matchAll(re)) {
        const spec = m[1];
        if (!spec.startsWith('.') || seen.has(spec)) continue;
        seen.add(spec);
        edges.push({ from, to: resolveTarget(from, spec), spec });
      }
    }
  }
  return edges;
}
