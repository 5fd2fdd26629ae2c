/**
 * A visitor who asks the system for less motion (`prefers-reduced-motion: reduce`, WCAG 2.3.3) gets none: charts
 * are drawn at once, a jump to a category or to a row's details lands without a smooth scroll, and the stylesheet
 * (app.css) drops its transitions. On the server, where no preference is known, the motion stays as designed.
 */
export function reducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** chart.js's animation for a chart drawn now: a short one, or none for a visitor who asked for less motion. */
export function chartAnimation(): false | { duration: number } {
  return reducedMotion() ? false : { duration: 300 };
}

/** How a scroll the page makes on its own moves: smoothly, or at once for a visitor who asked for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return reducedMotion() ? 'auto' : 'smooth';
}
