/** The translator in React: `I18nProvider` names the instance, `useTranslation` reads it and re-renders on a change. */
import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import { i18n as browserI18n } from './i18n.ts';
import type { TFunction, Translator } from './translator.ts';

const TranslatorContext = createContext<Translator>(browserI18n);

export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext value={i18n}>{children}</TranslatorContext>;
}

/** `t` of the current language and catalogues (a new function after each change), and the translator. */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const i18n = use(TranslatorContext);
  const read = () => i18n.t;
  const t = useSyncExternalStore(i18n.subscribe, read, read);
  return { t, i18n };
}
