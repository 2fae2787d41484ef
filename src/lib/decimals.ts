/**
 * A catalogue value as text ("0.9", "0.5-1.5 mm") with its decimal points written as the prices beside it write
 * them ("0,9", "0,5-1,5 mm"); words are left as they are. A module of its own, without imports: the shared site
 * script reaches it through the compare store, within its 15 KB budget.
 */
export function formatDecimalsIn(text: string): string {
  return text.replace(/(\d)\.(?=\d)/g, '$1,');
}
