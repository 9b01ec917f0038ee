import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { SUPPORTED_ADDRESS_COUNTRIES } from '../../../../../domain/postal-codes.ts';
import { Accordion } from '../../../components/ui/accordion.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SearchableSelect } from '../../../components/ui/searchable-select.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { characterCount, isTextTooLong } from '../../../../../domain/text-area.ts';
import { useToast } from '../../../components/ui/toasts.tsx';
import { SITES } from '../../../lib/site.tsx';
import { ComponentSamples, DevPage } from './dev-page.tsx';

/** The message form's limit on /uikit: the text area's counter and "too long" state (§5). */
const SAMPLE_MAX_CHAR = 200;

function FormSamples() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [country, setCountry] = useState('');
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState<string | undefined>();
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return SUPPORTED_ADDRESS_COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code }));
  }, [i18n.language]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = countries.find((c) => c.value === country)?.label ?? '';
    setSent(t('dev.uikit.sent', { country: name, count: characterCount(message) }));
  };
  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <SearchableSelect
          id={`${id}-country`}
          label={t('dev.uikit.searchableLabel')}
          options={countries}
          value={country}
          onChange={setCountry}
        />
      </div>
      <TextArea
        id={`${id}-message`}
        label={t('dev.uikit.message')}
        value={message}
        onChange={setMessage}
        maxChar={SAMPLE_MAX_CHAR}
        rows={4}
      />
      <button type="submit" className="button button--primary" disabled={isTextTooLong(message, SAMPLE_MAX_CHAR)}>
        {t('dev.uikit.send')}
      </button>
      <p role="status">{sent}</p>
    </form>
  );
}

/** /uikit: the shop's components, their states, the dialog, a toast and the accordion. */
export function UiKitPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <DevPage page="uikit">
      <h2>{t('dev.uikit.components')}</h2>
      <ComponentSamples />
      <h2>{t('dev.uikit.forms')}</h2>
      <FormSamples />
      <h2>{t('dev.uikit.overlays')}</h2>
      <div className="dev-row">
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t('dev.uikit.openDialog')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => toast.show(t('dev.uikit.toastText'))}>
          {t('dev.uikit.showToast')}
        </button>
      </div>
      <Dialog open={open} title={t('dev.uikit.dialogTitle')} onClose={() => setOpen(false)}>
        <p>{t('dev.uikit.dialogText')}</p>
      </Dialog>
      <h2>{t('dev.uikit.accordion')}</h2>
      <Accordion
        headingLevel={3}
        items={[
          { question: `<p>${t('dev.uikit.sampleQuestion')}</p>`, answer: `<p>${t('dev.uikit.sampleAnswer')}</p>` },
        ]}
      />
    </DevPage>
  );
}

/** /test-multisite-components: the same components under each brand's theme, side by side. */
export function TestMultisitePage() {
  const { t } = useTranslation();
  return (
    <DevPage page="testMultisite">
      <div className="dev-brands">
        {SITES.map((brand) => (
          <section key={brand} data-site={brand} className="dev-brand" aria-labelledby={`brand-${brand}`}>
            <div className="dev-brand__header">
              <h2 id={`brand-${brand}`}>{t(`brand.${brand}`)}</h2>
            </div>
            <ComponentSamples />
          </section>
        ))}
      </div>
    </DevPage>
  );
}
