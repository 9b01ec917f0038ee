/**
 * The choice between the payment methods sandbox mode offers beside the card (the Payment Element's
 * tabs in live mode): one radio button each, named by the method.
 */
export function MethodChoice<Option extends string>({
  legend,
  legendHidden = false,
  options,
  labelOf,
  value,
  onChange,
}: {
  legend: string;
  /** Hidden where a heading above already says it (the account's "Payment method" step). */
  legendHidden?: boolean;
  options: readonly Option[];
  labelOf: (option: Option) => string;
  value: Option;
  onChange: (option: Option) => void;
}) {
  return (
    <fieldset className="choice-list">
      <legend className={legendHidden ? 'visually-hidden' : undefined}>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="choice">
          <input
            type="radio"
            name="payment-method"
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {labelOf(option)}
        </label>
      ))}
    </fieldset>
  );
}
