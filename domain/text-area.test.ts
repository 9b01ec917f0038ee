import { describe, expect, it } from 'vitest';
import { textAreaState } from './text-area.ts';

describe('the text area (storefront §5 Other rules)', () => {
  it.each([
    // storefront §5 Other rules / account §8: "The entered text is too long", invalid, submit disabled, counter
    ['abc', 5, { invalid: false, message: undefined, count: 3, counter: '3/5', submitDisabled: false }],
    ['abcde', 5, { invalid: false, message: undefined, count: 5, counter: '5/5', submitDisabled: false }],
    [
      'abcdef',
      5,
      { invalid: true, message: 'The entered text is too long', count: 6, counter: '6/5', submitDisabled: true },
    ],
    [
      'a'.repeat(151),
      150,
      { invalid: true, message: 'The entered text is too long', count: 151, counter: '151/150', submitDisabled: true },
    ],
    // Characters as a person counts them: five emoji (ten UTF-16 units) are five of five (issue 34).
    ['🚗🚙🚕🚌🚎', 5, { invalid: false, message: undefined, count: 5, counter: '5/5', submitDisabled: false }],
    [
      'é'.repeat(150),
      150,
      { invalid: false, message: undefined, count: 150, counter: '150/150', submitDisabled: false },
    ],
    [
      'anything',
      undefined,
      { invalid: false, message: undefined, count: 8, counter: undefined, submitDisabled: false },
    ],
  ])('when the text is "%s" with max %s, then the state is %o', (text, max, expected) => {
    expect(textAreaState(text, max)).toEqual(expected);
  });
});
