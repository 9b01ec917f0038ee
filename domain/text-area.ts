/**
 * The text area's rules (storefront §5 "Other rules": maxChar, the counter, "The entered text is too
 * long", the submit disabled), for the client's TextArea and the proxy's check of the same text.
 */
export const TEXT_TOO_LONG_MESSAGE = 'The entered text is too long';

/**
 * Characters as a person counts them (storefront §5 "maxChar"): an emoji or an accented letter is
 * one, as JSON Schema's maxLength counts them (code points), not JavaScript's UTF-16 units.
 */
export const characterCount = (text: string): number => Array.from(text).length;

/** Past maxChar the text is too long; without a maximum, never. */
export const isTextTooLong = (text: string, maxChar?: number | null): boolean =>
  typeof maxChar === 'number' && maxChar > 0 && characterCount(text) > maxChar;

export interface TextAreaState {
  invalid: boolean;
  message: string | undefined;
  /** The characters typed (characterCount). */
  count: number;
  /** 'length/max' when a maximum is set. */
  counter: string | undefined;
  submitDisabled: boolean;
}

/** When maxChar is set and exceeded: "The entered text is too long", invalid, submit disabled; counter length/max. */
export function textAreaState(text: string, maxChar?: number | null): TextAreaState {
  const hasMax = typeof maxChar === 'number' && maxChar > 0;
  const tooLong = isTextTooLong(text, maxChar);
  const count = characterCount(text);
  return {
    invalid: tooLong,
    message: tooLong ? TEXT_TOO_LONG_MESSAGE : undefined,
    count,
    counter: hasMax ? `${count}/${maxChar}` : undefined,
    submitDisabled: tooLong,
  };
}
