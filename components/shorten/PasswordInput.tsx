// A password typed masked, with a "Show" toggle beside it. The browser is told not to offer to save
// it or fill it in: it is a link's password, not the person's own.
import './password-input.css';
import { type KeyboardEvent, useState } from 'react';
import { t } from '../../lib/i18n/t.ts';
import type { FieldInputProps } from '../ui/FormField.tsx';

export function PasswordInput({
  inputProps,
  value,
  onChange,
  onKeyDown,
  placeholder,
}: {
  inputProps: FieldInputProps;
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  placeholder?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="row password-row">
      <input
        {...inputProps}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        spellCheck={false}
        dir="auto"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        aria-pressed={shown}
        aria-controls={inputProps.id}
        onClick={() => setShown(!shown)}
      >
        {t('linkPasswordShow')}
      </button>
    </div>
  );
}
