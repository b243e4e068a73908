'use client';

import { useRef, type KeyboardEvent } from 'react';
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useHandoff, type Handoff } from './handoff';
import { Icon } from './icon';

export interface PreferenceOption<T extends string> {
  value: T;
  label: string;
  /** BCP 47 tag of the option's own language, for a language name. */
  lang?: string;
}

interface PreferenceListboxProps<T extends string> {
  /** Accessible name of the control, e.g. "Language". */
  label: string;
  icon: string;
  value: T;
  options: readonly PreferenceOption<T>[];
  onChange: (value: T) => void;
  testId: string;
  handoff?: Handoff;
}

/** A navbar switcher: an icon button that opens a list of choices, operable with the keyboard. */
export function PreferenceListbox<T extends string>({ label, icon, value, options, onChange, testId, handoff }: PreferenceListboxProps<T>) {
  const selected = options.find((o) => o.value === value);
  const trigger = useRef<HTMLButtonElement>(null);
  useHandoff(trigger, handoff);
  return (
    <Listbox value={value} onChange={onChange}>
      <ListboxButton
        ref={trigger}
        className="shell-icon-button"
        aria-label={`${label}: ${selected?.label ?? value}`}
        data-testid={testId}
        onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
          // Enter opens the list like Space and the arrow keys (the button is not inside a form).
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.click();
          }
        }}
      >
        <Icon name={icon} />
      </ListboxButton>
      <ListboxOptions anchor={{ to: 'bottom end', gap: 6 }} className="shell-popover">
        {options.map((option) => (
          <ListboxOption key={option.value} value={option.value} className="shell-option" lang={option.lang}>
            <Icon name="check" className="shell-option-check" />
            <span>{option.label}</span>
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}
