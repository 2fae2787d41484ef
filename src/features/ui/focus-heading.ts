/**
 * Moves the focus to a panel that just appeared (a confirmation, a success box) by its heading: a screen reader
 * reads from there, and the focus frame (meant for controls) does not ring the whole panel like a warning. The
 * heading gets no frame of its own (global.css): it is not a control.
 */
export function focusHeading(panel: HTMLElement): void {
  const heading = panel.querySelector<HTMLElement>('h1, h2, h3, h4');
  if (!heading) {
    panel.focus();
    return;
  }
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
