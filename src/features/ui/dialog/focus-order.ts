/**
 * Where Tab goes at the edges of a modal dialog, as pure logic. The page behind a modal `<dialog>` is inert, but
 * Tab past the last control (or Shift+Tab before the first) would leave the document for the browser's own
 * controls: the dialog wraps focus round instead.
 */

/** A tab stop in document order; radios of one group (`group` set) are a single stop, as the browser makes them. */
export interface FocusStop {
  group?: string;
  checked?: boolean;
}

/**
 * The index of the stop to focus instead of the browser's next one, or undefined to let the browser move focus.
 * `active` is the focused stop's index, or -1 when the dialog itself has focus.
 */
export function wrapFocus(
  stops: readonly FocusStop[],
  active: number,
  backwards: boolean,
): number | undefined {
  const last = stops.length - 1;
  if (last < 0) return undefined;
  const inGroupOf = (index: number, other: number) =>
    index === other || (stops[index]?.group !== undefined && stops[index]?.group === stops[other]?.group);
  const atEdge = active === -1 ? backwards : inGroupOf(active, backwards ? 0 : last);
  if (!atEdge) return undefined;
  const target = backwards ? last : 0;
  // Entering a radio group lands on its checked radio, else on the radio at the end focus comes from.
  const checked = stops.findIndex((stop, index) => stop.checked && inGroupOf(index, target));
  return checked === -1 ? target : checked;
}
