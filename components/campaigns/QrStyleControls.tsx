// The QR view's choices: "QR colour", "Background", "Error correction", "Margin", "Size" and
// "Logo". A choice a scanner could not read is refused in a sentence and the code keeps its last
// readable look.
import { useEffect, useState } from 'react';
import {
  correctionOf,
  ERROR_CORRECTIONS,
  type ErrorCorrection,
  MARGIN_RANGE,
  type QrStyle,
  SIZE_RANGE,
} from '../../lib/campaigns/qr-style.ts';
import {
  colourProblem,
  correctionLabel,
  logoFileProblem,
  marginProblem,
  sizeProblem,
} from '../../lib/campaigns/qr-words.ts';
import { t } from '../../lib/i18n/t.ts';
import { FilePicker } from '../ui/FilePicker.tsx';
import { FormField } from '../ui/FormField.tsx';
import { fetchSiteIcon, type SiteIcon } from './site-icon.ts';

type Problems = { colours?: string; margin?: string; size?: string; logo?: string };

/** The file as a data URL, once the browser has shown it can draw it. */
async function readLogo(file: Blob): Promise<string> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  const image = new Image();
  image.src = url;
  await image.decode();
  return url;
}

export function QrStyleControls({
  style,
  onChange,
  siteIcon,
}: {
  style: QrStyle;
  onChange: (style: QrStyle) => void;
  /** Offers "Use the site's icon" (the popup, which has the tab); undefined: the file only. */
  siteIcon?: SiteIcon;
}) {
  // What the inputs show; the code follows only what can be read.
  const [draft, setDraft] = useState(style);
  const [margin, setMargin] = useState(String(style.margin));
  const [size, setSize] = useState(String(style.size));
  const [problems, setProblems] = useState<Problems>({});
  // The name of the file chosen here; a logo chosen before or the site's icon has none.
  const [logoName, setLogoName] = useState<string>();
  useEffect(() => {
    setDraft(style);
    setMargin(String(style.margin));
    setSize(String(style.size));
  }, [style]);

  const change = (changes: Partial<QrStyle>, marginText = margin, sizeText = size) => {
    const next = { ...draft, ...changes };
    setDraft(next);
    const found: Problems = {
      colours: colourProblem(next.dark, next.light),
      margin: marginProblem(Number(marginText === '' ? Number.NaN : marginText)),
      size: sizeProblem(Number(sizeText === '' ? Number.NaN : sizeText)),
    };
    setProblems(found);
    if (!found.colours && !found.margin && !found.size) {
      onChange({ ...next, margin: Number(marginText), size: Number(sizeText) });
    }
  };

  const chooseLogo = async (file: File) => {
    const problem = logoFileProblem(file);
    if (problem) {
      setProblems((current) => ({ ...current, logo: problem }));
      return;
    }
    try {
      const logo = await readLogo(file);
      setProblems((current) => ({ ...current, logo: undefined }));
      setLogoName(file.name);
      change({ logo });
    } catch {
      setProblems((current) => ({ ...current, logo: t('qrLogoNotImage') }));
    }
  };

  const chooseSiteIcon = async () => {
    try {
      const logo = await readLogo(await fetchSiteIcon(siteIcon?.url));
      setProblems((current) => ({ ...current, logo: undefined }));
      setLogoName(undefined);
      change({ logo });
    } catch {
      setProblems((current) => ({ ...current, logo: t('qrSiteIconUnreadable') }));
    }
  };

  return (
    <div className="qr-style">
      <div className="row qr-colours">
        <FormField id="qr-dark" label={t('qrColour')}>
          {(inputProps) => (
            <input
              {...inputProps}
              type="color"
              value={draft.dark}
              aria-invalid={problems.colours ? true : undefined}
              aria-describedby={problems.colours ? 'qr-colours-error' : undefined}
              onChange={(event) => change({ dark: event.target.value })}
            />
          )}
        </FormField>
        <FormField id="qr-light" label={t('qrBackground')}>
          {(inputProps) => (
            <input
              {...inputProps}
              type="color"
              value={draft.light}
              aria-invalid={problems.colours ? true : undefined}
              aria-describedby={problems.colours ? 'qr-colours-error' : undefined}
              onChange={(event) => change({ light: event.target.value })}
            />
          )}
        </FormField>
        <FormField
          id="qr-correction"
          label={t('qrErrorCorrection')}
          hint={draft.logo ? t('qrCorrectionWithLogo') : undefined}
        >
          {(inputProps) => (
            <select
              {...inputProps}
              value={correctionOf(draft)}
              disabled={Boolean(draft.logo)}
              onChange={(event) =>
                change({ errorCorrection: event.target.value as ErrorCorrection })
              }
            >
              {ERROR_CORRECTIONS.map((level) => (
                <option key={level} value={level}>
                  {correctionLabel(level)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {problems.colours && (
        <p id="qr-colours-error" className="field-error" role="alert">
          {problems.colours}
        </p>
      )}
      <div className="row qr-sizes">
        <FormField id="qr-margin" label={t('qrMargin')} error={problems.margin}>
          {(inputProps) => (
            <input
              {...inputProps}
              type="number"
              inputMode="numeric"
              min={MARGIN_RANGE.min}
              max={MARGIN_RANGE.max}
              value={margin}
              onChange={(event) => {
                setMargin(event.target.value);
                change({}, event.target.value, size);
              }}
            />
          )}
        </FormField>
        <FormField id="qr-size" label={t('qrSize')} error={problems.size} hint={t('qrSizeHint')}>
          {(inputProps) => (
            <input
              {...inputProps}
              type="number"
              inputMode="numeric"
              min={SIZE_RANGE.min}
              max={SIZE_RANGE.max}
              step={32}
              value={size}
              onChange={(event) => {
                setSize(event.target.value);
                change({}, margin, event.target.value);
              }}
            />
          )}
        </FormField>
      </div>
      <div className="row qr-logo">
        <FormField id="qr-logo" label={t('qrLogo')} error={problems.logo}>
          {(inputProps) => (
            <FilePicker
              inputProps={inputProps}
              accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
              fileName={draft.logo ? (logoName ?? t('qrLogoChosen')) : undefined}
              onChoose={(file) => void chooseLogo(file)}
            />
          )}
        </FormField>
        {siteIcon && (
          <button type="button" onClick={() => void chooseSiteIcon()}>
            {t('qrSiteIcon')}
          </button>
        )}
        {draft.logo && (
          <button
            type="button"
            onClick={() => {
              setLogoName(undefined);
              change({ logo: undefined });
            }}
          >
            {t('qrRemoveLogo')}
          </button>
        )}
      </div>
    </div>
  );
}
