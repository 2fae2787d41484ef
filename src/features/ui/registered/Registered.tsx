/** Islands' text with ® in superscript (spec §5), as RegisteredText.astro draws it on static pages. */
import { Fragment } from 'react';
import { isRegisteredSign, registeredParts } from '../../../lib/text.ts';

export function Registered({ text }: { text: string }) {
  return (
    <>
      {registeredParts(text).map((part, index) =>
        isRegisteredSign(part) ? <sup key={index}>{part}</sup> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
