/**
 * Page parts rendered once and reused: the header's main menu and the footer depend only on the layout data
 * (src/lib/layout-data.ts), which the server keeps for a minute, yet they were a third of every on-demand page's
 * HTML and rendered again for each request. Renders are held weakly by the data object they come from, so a
 * refresh of the layout data drops them with it; `variant` names whatever else they depend on (the audience, the
 * menu link of the current page).
 */
const renders = new WeakMap<object, Map<string, Promise<string>>>();

/** The HTML `render` gives for `owner` and `variant`, rendered on the first call only (a failure is not kept). */
export function renderOnce(owner: object, variant: string, render: () => Promise<string>): Promise<string> {
  let byVariant = renders.get(owner);
  if (!byVariant) {
    byVariant = new Map();
    renders.set(owner, byVariant);
  }
  let html = byVariant.get(variant);
  if (!html) {
    const pending = render();
    byVariant.set(variant, pending);
    const forget = byVariant;
    pending.catch(() => forget.delete(variant));
    html = pending;
  }
  return html;
}
