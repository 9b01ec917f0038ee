import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { Address } from '../../../features/checkout/api/set-shipping-address.ts';
import { AddressForm } from '../../../features/address/components/address-form.tsx';
import { DevPage } from './dev-page.tsx';

/** /loqate: the checkout's address form alone, showing the address it would send. */
export function LoqatePage() {
  const { t } = useTranslation();
  const [address, setAddress] = useState<Address | undefined>();
  return (
    <DevPage page="loqate">
      <AddressForm
        idPrefix="loqate"
        initial={null}
        submitLabel={t('dev.loqate.use')}
        onSubmit={async (value) => setAddress(value)}
      />
      <h2>{t('dev.loqate.selected')}</h2>
      <div aria-live="polite">
        {address ? <pre className="dev-output">{JSON.stringify(address, null, 2)}</pre> : <p>{t('dev.loqate.none')}</p>}
      </div>
    </DevPage>
  );
}
