import { t } from '../../lib/i18n/t.ts';
import type { FieldInputProps } from './FormField.tsx';

type FilePickerProps = {
  /** The input's id (its field's own label names it), and what describes it. */
  inputProps: FieldInputProps;
  accept: string;
  /** The chosen file's name; undefined: none chosen. */
  fileName: string | undefined;
  onChoose: (file: File) => void;
};

/**
 * A file field in our words: the browser's own button says "Choose File / No file chosen" in the
 * browser's language, whatever the extension's, and is cut short in narrow popups. The input stays
 * (visually hidden, focusable: the label below shows its focus), so a keyboard, a screen reader and
 * a test setting files reach it as before.
 */
export function FilePicker({ inputProps, accept, fileName, onChoose }: FilePickerProps) {
  const nameId = `${inputProps.id}-file-name`;
  return (
    <div className="file-picker">
      <input
        {...inputProps}
        aria-describedby={[nameId, inputProps['aria-describedby']].filter(Boolean).join(' ')}
        className="file-picker-input"
        type="file"
        accept={accept}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so that choosing the same file again is a choice again.
          event.target.value = '';
          if (file) onChoose(file);
        }}
      />
      <label htmlFor={inputProps.id} className="button" aria-hidden="true">
        {t('fileChoose')}
      </label>
      <span id={nameId} className="file-picker-name">
        {fileName ?? t('fileNoneChosen')}
      </span>
    </div>
  );
}
