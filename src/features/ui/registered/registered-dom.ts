/** The shared script's text with ® in superscript (spec §5), as RegisteredText.astro draws it on static pages. */
import { isRegisteredSign, registeredParts } from '../../../lib/text.ts';

export function registeredNodes(text: string): Node[] {
  return registeredParts(text).map((part) => {
    if (!isRegisteredSign(part)) return document.createTextNode(part);
    const sup = document.createElement('sup');
    sup.textContent = part;
    return sup;
  });
}
