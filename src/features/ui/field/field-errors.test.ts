import { describe, expect, it } from 'vitest';
import { describedBy, fieldIds, setFieldError, type FieldParts } from './field-errors.ts';

/** A control and an error element as Field.astro renders them, with just the attributes the script touches. */
function field(describedby?: string): FieldParts & { attributes: Map<string, string> } {
  const attributes = new Map<string, string>();
  if (describedby) attributes.set('aria-describedby', describedby);
  return {
    attributes,
    control: {
      getAttribute: (name) => attributes.get(name) ?? null,
      setAttribute: (name, value) => void attributes.set(name, value),
      removeAttribute: (name) => void attributes.delete(name),
    },
    error: { id: 'field-email-error', textContent: '', hidden: true },
  };
}

describe('field error wiring', () => {
  it('names the hint and error after the control', () => {
    expect(fieldIds('field-email')).toEqual({ hint: 'field-email-hint', error: 'field-email-error' });
  });

  it('adds the error id after the hint and removes only it', () => {
    expect(describedBy('field-email-hint', 'field-email-error', true)).toBe(
      'field-email-hint field-email-error',
    );
    expect(describedBy('field-email-hint field-email-error', 'field-email-error', false)).toBe(
      'field-email-hint',
    );
    expect(describedBy(null, 'field-email-error', true)).toBe('field-email-error');
    expect(describedBy('field-email-error', 'field-email-error', false)).toBeUndefined();
  });

  it('never lists the error twice and tidies spacing', () => {
    expect(describedBy(' a  field-email-error ', 'field-email-error', true)).toBe('a field-email-error');
  });

  it('shows an error: text, visible, described by it, invalid', () => {
    const email = field('field-email-hint');
    setFieldError(email, 'Please enter a valid email address');
    expect(email.error).toMatchObject({ textContent: 'Please enter a valid email address', hidden: false });
    expect(Object.fromEntries(email.attributes)).toEqual({
      'aria-describedby': 'field-email-hint field-email-error',
      'aria-invalid': 'true',
    });
  });

  it('clears it again, back to the server-rendered state', () => {
    const email = field('field-email-hint');
    setFieldError(email, 'Field required: Email');
    setFieldError(email, 'Please enter a valid email address');
    setFieldError(email);
    expect(email.error).toMatchObject({ textContent: '', hidden: true });
    expect(Object.fromEntries(email.attributes)).toEqual({ 'aria-describedby': 'field-email-hint' });
  });

  it('removes aria-describedby when a field without a hint loses its error', () => {
    const name = field();
    setFieldError(name, 'Field required: Name');
    setFieldError(name);
    expect(name.attributes.size).toBe(0);
  });
});
