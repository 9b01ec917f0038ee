import type { TextareaHTMLAttributes } from 'react';
import { textAreaState } from '../../../../domain/text-area.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';

/**
 * The text area (storefront §5 "Other rules"): with maxChar set, a counter shows length/max, and
 * text past it shows "The entered text is too long" and is marked invalid; the form that holds it
 * disables its submit with `isTextTooLong` (domain/text-area.ts: characters as a person counts
 * them, as the proxy does; the text is kept, so nothing typed is lost).
 */
export function TextArea({
  id,
  label,
  value,
  onChange,
  maxChar,
  error,
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxChar?: number;
  /** Another message of the form's own (required, …), shown when the length is fine. */
  error?: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'maxLength'>) {
  const { t } = useTranslation();
  const { invalid: tooLong, count } = textAreaState(value, maxChar);
  const message = tooLong ? t('ui.textTooLong') : error;
  return (
    <div className="field text-area">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={
          [maxChar !== undefined ? `${id}-count` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') ||
          undefined
        }
        {...rest}
      />
      {maxChar !== undefined ? (
        <p id={`${id}-count`} className="text-area__count" data-over={tooLong || undefined}>
          <span aria-hidden="true">{t('ui.characterCount', { count, max: maxChar })}</span>
          <span className="visually-hidden">{t('ui.characterCountLabel', { count, max: maxChar })}</span>
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
