import { useCombobox } from 'downshift';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import './searchable-select.css';

export interface SelectOption {
  value: string;
  label: string;
}

/** Case and accent do not matter when typing: "quebec" finds "Québec". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .trim();

/** The option the text names exactly, by label or by value ("New York" or "NY"), if any. */
function optionNamed(options: readonly SelectOption[], text: string): SelectOption | undefined {
  const wanted = fold(text);
  if (!wanted) return undefined;
  return options.find((o) => fold(o.label) === wanted || fold(o.value) === wanted);
}

/** The options whose label or value contains the text, those starting with it first. */
function filterOptions(options: readonly SelectOption[], text: string): SelectOption[] {
  const wanted = fold(text);
  if (!wanted) return [...options];
  const starts: SelectOption[] = [];
  const contains: SelectOption[] = [];
  for (const option of options) {
    const label = fold(option.label);
    if (label.startsWith(wanted) || fold(option.value) === wanted) starts.push(option);
    else if (label.includes(wanted)) contains.push(option);
  }
  return [...starts, ...contains];
}

/**
 * The searchable dropdown (storefront §5 "Other rules": its placeholder "Please select a value or
 * type something."): a combobox (WAI-ARIA 1.2, through downshift) whose list narrows as the shopper
 * types. An option's full name typed (or filled in by the browser) selects it, and so does its
 * name or code ("NY") when the field is left; text that names no option leaves nothing selected,
 * so the form's own "please select" message applies.
 */
export function SearchableSelect({
  id,
  label,
  options,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  autoComplete,
  noMatchLabel,
}: {
  id: string;
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  autoComplete?: string;
  noMatchLabel?: string;
}) {
  const { t } = useTranslation();
  const selected = options.find((o) => o.value === value) ?? null;
  const [text, setText] = useState(selected?.label ?? '');
  // A value set from outside (an address found by the lookup, a form reset) shows its label.
  useEffect(() => {
    setText((current) => (selected ? selected.label : optionNamed(options, current) ? '' : current));
  }, [selected, options]);
  const items = useMemo(
    () => (selected && text === selected.label ? [...options] : filterOptions(options, text)),
    [options, selected, text],
  );
  const { stateChangeTypes } = useCombobox;
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } =
    useCombobox<SelectOption>({
      id,
      inputId: id,
      items,
      selectedItem: selected,
      inputValue: text,
      itemToString: (item) => item?.label ?? '',
      itemToKey: (item) => item?.value,
      onInputValueChange: ({ inputValue, type }) => {
        if (type !== stateChangeTypes.InputChange) return;
        setText(inputValue);
        // A name typed in full (or filled in by the browser) selects it; anything else unselects.
        const named = options.find((o) => fold(o.label) === fold(inputValue));
        if (named) onChange(named.value);
        else if (value) onChange('');
      },
      onSelectedItemChange: ({ selectedItem }) => {
        setText(selectedItem?.label ?? '');
        onChange(selectedItem?.value ?? '');
      },
    });
  // Leaving the field with a code ("NY") or a name in other case selects what it names.
  const leave = () => {
    const named = selected ? undefined : optionNamed(options, text);
    if (named) {
      setText(named.label);
      onChange(named.value);
    }
    onBlur?.();
  };
  return (
    <div className="searchable-select">
      <label {...getLabelProps()}>{label}</label>
      <div className="searchable-select__control">
        <input
          {...getInputProps({
            onBlur: leave,
            placeholder: t('ui.searchablePlaceholder'),
            autoComplete: autoComplete ?? 'off',
            'aria-invalid': invalid ? true : undefined,
            'aria-describedby': describedBy,
          })}
        />
        <button
          type="button"
          className="searchable-select__toggle"
          {...getToggleButtonProps({ 'aria-label': t('ui.showOptions', { label }) })}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <ul className="searchable-select__menu" hidden={!isOpen} {...getMenuProps()}>
        {isOpen
          ? items.map((item, index) => (
              <li
                key={item.value}
                className="searchable-select__option"
                data-highlighted={highlightedIndex === index || undefined}
                data-selected={selected?.value === item.value || undefined}
                {...getItemProps({ item, index })}
              >
                {item.label}
              </li>
            ))
          : null}
      </ul>
      {isOpen && items.length === 0 ? (
        <p className="searchable-select__empty" role="status">
          {noMatchLabel ?? t('ui.noMatch')}
        </p>
      ) : null}
    </div>
  );
}
