/**
 * The Mantine stylesheets the shell does not load (mantineRest.ts): fetched once, by the first
 * screen that needs them or after the first screen, whichever comes first.
 */
let rest: Promise<void> | null = null;

export function loadRestStyles(): Promise<void> {
  // A stylesheet that fails to load must not keep the screen from opening; a later call tries again.
  rest ??= import('./mantineRest').then(
    () => undefined,
    () => {
      rest = null;
    },
  );
  return rest;
}

/**
 * Loads a lazy screen or dialog that shows with the rest of the stylesheets. The sheets are asked for
 * before the code: the loader adds each chunk's stylesheet link when called, and links later in
 * the page win ties, so a screen's own CSS must come after Mantine's, as with the single sheet.
 */
function loadWithRestStyles<T>(load: () => Promise<T>): Promise<T> {
  const styles = loadRestStyles();
  const code = load();
  return styles.then(() => code);
}

/** loadWithRestStyles as a loader, for React's lazy(). */
export function withRestStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => loadWithRestStyles(load);
}
