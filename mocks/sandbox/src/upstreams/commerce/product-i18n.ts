/**
 * Product texts of the catalogue in the shop's eight languages (names, descriptions, benefits and
 * duration names), read per `locale` with the platform's fallback (fr-BE → fr → default English,
 * the seed's texts).
 */
import type { Product, Variant } from '../../seed.ts';
import { contentLanguage, type ContentLanguage } from './content-i18n/index.ts';

type ProductId = 'cn-connected-navigation' | 'vcs-online-pack' | 'vcs-adaptive-cruise';

interface ProductTexts {
  name: string;
  longDescription: string;
  /** Title and description of each benefit, in the seed's order. */
  benefits: Array<[title: string, description: string]>;
}

interface LanguageTexts {
  products: Record<ProductId, ProductTexts>;
  /** Duration names: one month, n months, one year, n years, a one-time fee; the trial's suffix. */
  month: string;
  months: string;
  year: string;
  years: string;
  oneTimeFee: string;
  trial: string;
}

const TEXTS: Record<Exclude<ContentLanguage, 'en'>, LanguageTexts> = {
  de: {
    products: {
      'cn-connected-navigation': {
        name: 'Vernetzte Navigation',
        longDescription:
          '<p>Verkehrsinformationen in Echtzeit, Online-Suche und Kartenupdates over the air für Ihr Fahrzeug, in jedem Land des Tarifs.</p>',
        benefits: [
          ['Verkehr in Echtzeit', 'Schneller ankommen mit aktuellen Verkehrsdaten.'],
          ['Kartenupdates', 'Karten werden drahtlos aktualisiert.'],
          ['Online-Suche', 'Finden Sie Ziele während der Fahrt.'],
        ],
      },
      'vcs-online-pack': {
        name: 'Online-Paket',
        longDescription: '<p>Fernfunktionen, Fahrzeugstatus und Internetradio für Ihr Fahrzeug.</p>',
        benefits: [],
      },
      'vcs-adaptive-cruise': {
        name: 'Abstandsregeltempomat',
        longDescription:
          '<p>Hält einen eingestellten Abstand zum vorausfahrenden Fahrzeug und beschleunigt und bremst für Sie.</p>',
        benefits: [['Entspannt fahren', 'Weniger Anstrengung auf langen Strecken.']],
      },
    },
    month: '1 Monat',
    months: '{n} Monate',
    year: '1 Jahr',
    years: '{n} Jahre',
    oneTimeFee: 'Einmalzahlung',
    trial: 'Testphase (nie angeboten)',
  },
  fr: {
    products: {
      'cn-connected-navigation': {
        name: 'Navigation connectée',
        longDescription:
          '<p>Info trafic en temps réel, recherche en ligne et mises à jour des cartes à distance pour votre véhicule, dans tous les pays de la formule.</p>',
        benefits: [
          ['Trafic en temps réel', 'Arrivez plus tôt grâce au trafic en direct.'],
          ['Mises à jour des cartes', 'Des cartes mises à jour à distance.'],
          ['Recherche en ligne', 'Trouvez des lieux en roulant.'],
        ],
      },
      'vcs-online-pack': {
        name: 'Pack Online',
        longDescription: '<p>Services à distance, état du véhicule et radio en ligne pour votre véhicule.</p>',
        benefits: [],
      },
      'vcs-adaptive-cruise': {
        name: 'Régulateur de vitesse adaptatif',
        longDescription:
          '<p>Maintient une distance définie avec le véhicule qui précède, en accélérant et en freinant pour vous.</p>',
        benefits: [['Conduite détendue', 'Moins d’effort sur les longs trajets.']],
      },
    },
    month: '1 mois',
    months: '{n} mois',
    year: '1 an',
    years: '{n} ans',
    oneTimeFee: 'Paiement unique',
    trial: 'essai (jamais proposé)',
  },
  es: {
    products: {
      'cn-connected-navigation': {
        name: 'Navegación conectada',
        longDescription:
          '<p>Tráfico en tiempo real, búsqueda en línea y actualizaciones de mapas inalámbricas para su vehículo, en todos los países del plan.</p>',
        benefits: [
          ['Tráfico en tiempo real', 'Llegue antes con el tráfico en directo.'],
          ['Actualizaciones de mapas', 'Mapas actualizados de forma inalámbrica.'],
          ['Búsqueda en línea', 'Encuentre lugares mientras conduce.'],
        ],
      },
      'vcs-online-pack': {
        name: 'Paquete Online',
        longDescription: '<p>Servicios remotos, estado del vehículo y radio en línea para su vehículo.</p>',
        benefits: [],
      },
      'vcs-adaptive-cruise': {
        name: 'Control de crucero adaptativo',
        longDescription:
          '<p>Mantiene una distancia fijada con el vehículo de delante, acelerando y frenando por usted.</p>',
        benefits: [['Conducción relajada', 'Menos esfuerzo en los trayectos largos.']],
      },
    },
    month: '1 mes',
    months: '{n} meses',
    year: '1 año',
    years: '{n} años',
    oneTimeFee: 'Pago único',
    trial: 'prueba (nunca ofrecida)',
  },
  it: {
    products: {
      'cn-connected-navigation': {
        name: 'Navigazione connessa',
        longDescription:
          '<p>Traffico in tempo reale, ricerca online e aggiornamenti delle mappe via etere per il tuo veicolo, in ogni paese del piano.</p>',
        benefits: [
          ['Traffico in tempo reale', 'Arriva prima con il traffico in diretta.'],
          ['Aggiornamenti delle mappe', 'Mappe aggiornate via etere.'],
          ['Ricerca online', 'Trova luoghi mentre guidi.'],
        ],
      },
      'vcs-online-pack': {
        name: 'Pacchetto Online',
        longDescription: '<p>Servizi da remoto, stato del veicolo e radio online per il tuo veicolo.</p>',
        benefits: [],
      },
      'vcs-adaptive-cruise': {
        name: 'Cruise control adattivo',
        longDescription:
          '<p>Mantiene una distanza impostata dal veicolo che precede, accelerando e frenando al posto tuo.</p>',
        benefits: [['Guida rilassata', 'Meno fatica nei lunghi viaggi.']],
      },
    },
    month: '1 mese',
    months: '{n} mesi',
    year: '1 anno',
    years: '{n} anni',
    oneTimeFee: 'Pagamento unico',
    trial: 'prova (mai offerta)',
  },
  nl: {
    products: {
      'cn-connected-navigation': {
        name: 'Verbonden navigatie',
        longDescription:
          '<p>Actuele verkeersinformatie, online zoeken en draadloze kaartupdates voor uw voertuig, in elk land van het pakket.</p>',
        benefits: [
          ['Actueel verkeer', 'Kom sneller aan met realtime verkeersinformatie.'],
          ['Kaartupdates', 'Kaarten draadloos bijgewerkt.'],
          ['Online zoeken', 'Vind plaatsen terwijl u rijdt.'],
        ],
      },
      'vcs-online-pack': {
        name: 'Onlinepakket',
        longDescription: '<p>Diensten op afstand, voertuigstatus en online radio voor uw voertuig.</p>',
        benefits: [],
      },
      'vcs-adaptive-cruise': {
        name: 'Adaptieve cruisecontrol',
        longDescription: '<p>Houdt een ingestelde afstand tot het voertuig voor u en versnelt en remt voor u.</p>',
        benefits: [['Ontspannen rijden', 'Minder inspanning op lange ritten.']],
      },
    },
    month: '1 maand',
    months: '{n} maanden',
    year: '1 jaar',
    years: '{n} jaar',
    oneTimeFee: 'Eenmalige betaling',
    trial: 'proefperiode (nooit aangeboden)',
  },
  pt: {
    products: {
      'cn-connected-navigation': {
        name: 'Navegação conectada',
        longDescription:
          '<p>Trânsito em tempo real, pesquisa online e atualizações de mapas sem fios para o seu veículo, em todos os países do plano.</p>',
        benefits: [
          ['Trânsito em tempo real', 'Chegue mais cedo com o trânsito em direto.'],
          ['Atualizações de mapas', 'Mapas atualizados sem fios.'],
          ['Pesquisa online', 'Encontre locais enquanto conduz.'],
        ],
      },
      'vcs-online-pack': {
        name: 'Pacote Online',
        longDescription: '<p>Serviços remotos, estado do veículo e rádio online para o seu veículo.</p>',
        benefits: [],
      },
      'vcs-adaptive-cruise': {
        name: 'Cruise control adaptativo',
        longDescription: '<p>Mantém uma distância definida do veículo da frente, acelerando e travando por si.</p>',
        benefits: [['Condução descontraída', 'Menos esforço nas viagens longas.']],
      },
    },
    month: '1 mês',
    months: '{n} meses',
    year: '1 ano',
    years: '{n} anos',
    oneTimeFee: 'Pagamento único',
    trial: 'experiência (nunca oferecida)',
  },
  cs: {
    products: {
      'cn-connected-navigation': {
        name: 'Připojená navigace',
        longDescription:
          '<p>Dopravní informace v reálném čase, online vyhledávání a bezdrátové aktualizace map pro vaše vozidlo ve všech zemích tarifu.</p>',
        benefits: [
          ['Doprava v reálném čase', 'Dorazte dříve díky aktuální dopravě.'],
          ['Aktualizace map', 'Mapy aktualizované bezdrátově.'],
          ['Online vyhledávání', 'Najděte místa za jízdy.'],
        ],
      },
      'vcs-online-pack': {
        name: 'Online balíček',
        longDescription: '<p>Služby na dálku, stav vozidla a internetové rádio pro vaše vozidlo.</p>',
        benefits: [],
      },
      'vcs-adaptive-cruise': {
        name: 'Adaptivní tempomat',
        longDescription: '<p>Udržuje nastavený odstup od vozidla před vámi a sám zrychluje a brzdí.</p>',
        benefits: [['Klidná jízda', 'Méně námahy na dlouhých cestách.']],
      },
    },
    month: '1 měsíc',
    months: '{n} měsíců',
    year: '1 rok',
    years: '{n} let',
    oneTimeFee: 'Jednorázový poplatek',
    trial: 'zkušební verze (nikdy nenabízena)',
  },
};

const ENGLISH = {
  month: '1 month',
  months: '{n} months',
  year: '1 year',
  years: '{n} years',
  oneTimeFee: 'One-time fee',
};

/** A duration's name in the locale's language (12 months, 1 Jahr, one-time fee). */
export function durationName(value: number, type: Variant['subscriptionDurationType'], locale?: string): string {
  const language = contentLanguage(locale);
  const words = language === 'en' ? ENGLISH : TEXTS[language];
  if (type === 'o') return words.oneTimeFee;
  if (type === 'y') return value === 1 ? words.year : words.years.replace('{n}', String(value));
  return value === 1 ? words.month : words.months.replace('{n}', String(value));
}

/** The product with its texts in the locale's language (the seed's English when none). */
export function localizedProduct(product: Product, locale: string | undefined): Product {
  const language = contentLanguage(locale);
  if (language === 'en') return product;
  const words = TEXTS[language];
  const texts = words.products[product.id as ProductId];
  if (!texts) return product;
  return {
    ...product,
    name: texts.name,
    longDescription: texts.longDescription,
    benefits: product.benefits.map((benefit, i) => {
      const [title, description] = texts.benefits[i] ?? [benefit.title, benefit.description];
      return { ...benefit, title, description };
    }),
    variants: product.variants.map((variant) => ({
      ...variant,
      name:
        variant.subscriptionDurationType === 'o'
          ? texts.name
          : variant.prices.GBP === 0
            ? `${texts.name} – ${words.trial}`
            : `${texts.name} ${durationName(variant.subscriptionDuration, variant.subscriptionDurationType, locale)}`,
    })),
  };
}

/** The languages with product texts beside English (tests). */
export const PRODUCT_LANGUAGES = Object.keys(TEXTS) as Array<Exclude<ContentLanguage, 'en'>>;

/** A variant's name in the locale's language (basket items are named in the basket's locale). */
export function localizedVariantName(product: Product, variant: Variant, locale: string | undefined): string {
  return (
    localizedProduct(product, locale).variants.find((v) => v.productId === variant.productId)?.name ?? variant.name
  );
}
