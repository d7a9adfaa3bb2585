import { FormField } from '../ui/FormField.tsx';

/**
 * The name a UTM preset is saved or renamed under: focused as it opens (a button opened it, to
 * type the name at once), Enter saves it, Escape gives up when the owner allows it.
 */
export function PresetNameField({
  id,
  label,
  error,
  value,
  onChange,
  onEnter,
  onEscape,
}: {
  id: string;
  label: string;
  error?: string;
  value: string;
  onChange: (name: string) => void;
  onEnter: () => void;
  onEscape?: () => void;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(inputProps) => (
        <input
          {...inputProps}
          value={value}
          // biome-ignore lint/a11y/noAutofocus: opened by "Save preset" or "Rename", to type the name at once.
          autoFocus
          dir="auto"
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onEnter();
            }
            if (event.key === 'Escape') onEscape?.();
          }}
        />
      )}
    </FormField>
  );
}
