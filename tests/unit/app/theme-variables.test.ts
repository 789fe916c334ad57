import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { theme } from '../../../src/app/theme';

type Variables = { variables: Record<string, string>; light: Record<string, string>; dark: Record<string, string> };
// what MantineProvider itself uses to write the theme's variables (the package does not export them)
const INTERNALS = '../../../node_modules/@mantine/core/esm/core/MantineProvider/MantineCssVariables';
const { getMergedVariables } = (await import(`${INTERNALS}/get-merged-variables.mjs`)) as { getMergedVariables(o: { theme: MantineTheme; generator: undefined }): Variables };
const { removeDefaultVariables } = (await import(`${INTERNALS}/remove-default-variables.mjs`)) as { removeDefaultVariables(v: Variables): Variables };

/** `--name: value` pairs of a stylesheet's :root rule, comments dropped. */
function declared(css: string): Record<string, string> {
  const body = /:root\s*\{([^}]*)\}/.exec(css.replace(/\/\*[\s\S]*?\*\//g, ''))?.[1] ?? '';
  return Object.fromEntries(
    body
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.slice(0, d.indexOf(':')).trim(), d.slice(d.indexOf(':') + 1).trim()]),
  );
}

describe('theme variables in the entry stylesheet', () => {
  it('are exactly the variables MantineProvider writes for the theme', () => {
    const merged = getMergedVariables({ theme: mergeMantineTheme(DEFAULT_THEME, theme), generator: undefined });
    const written = removeDefaultVariables(merged);
    const file = declared(readFileSync(path.resolve('src/app/themeVariables.css'), 'utf8'));
    expect(Object.keys(written.variables).length).toBeGreaterThan(3);
    expect(file).toEqual(written.variables);
    // none depends on the colour scheme (those would need their own rules here)
    expect(written.light).toEqual({});
    expect(written.dark).toEqual({});
  });
});
