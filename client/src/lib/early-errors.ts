/**
 * Errors before error reporting runs (issue 15) are held for it: the app's first module (boot.tsx) starts
 * holding the arguments of window.onerror and window.onunhandledrejection, and lib/error-reporting.ts
 * takes them over once it knows whether error reporting is on (reporting them, or dropping them). Built
 * pages only, like error reporting itself.
 */
if (import.meta.env.PROD) {
  const early: unknown[][] = (window.__earlyErrors = []);
  onerror = onunhandledrejection = (...args: unknown[]) => void early.push(args);
}
