/**
 * The top renewal FAQs of the vehicle services' content call in Italian, Spanish, Portuguese,
 * Czech and Dutch, in the order and with the flags of the English list in faqs.ts: how to renew,
 * auto-renewal (auto-renewal variant only), turning it off (auto-renewal variant only), activation,
 * refunds, payment methods (left out of the auto-renewal variant) and contact.
 */
type Entry = [question: string, answer: string];

export type FaqTexts = [Entry, Entry, Entry, Entry, Entry, Entry, Entry];

export const FAQ_TRANSLATIONS: Record<'it' | 'es' | 'pt' | 'cs' | 'nl', FaqTexts> = {
  it: [
    [
      'Come rinnovo la mia navigazione connessa?',
      'Scegli un piano nella pagina di rinnovo e paga con la carta salvata o con una nuova.',
    ],
    [
      'Cosa succede se il rinnovo automatico è attivo?',
      'Il piano si rinnova alla data di scadenza e il costo del rinnovo viene addebitato sulla carta salvata.',
    ],
    [
      'Come disattivo il rinnovo automatico?',
      'Apri I miei abbonamenti, scegli Gestisci sul servizio e disattiva il rinnovo automatico.',
    ],
    [
      'Quando sarà attivo il servizio rinnovato?',
      'Il rinnovo viene inviato al veicolo; segui le istruzioni sul suo schermo per installarlo.',
    ],
    ['Posso ottenere un rimborso?', 'Sì, entro il periodo di recesso indicato in I miei abbonamenti.'],
    ['Quali metodi di pagamento posso usare?', 'Carte di credito e di debito Visa e Mastercard.'],
    ['Come posso contattarvi?', 'Usa il modulo di contatto nella pagina Assistenza e supporto.'],
  ],
  es: [
    [
      '¿Cómo renuevo mi navegación conectada?',
      'Elija un plan en la página de renovación y pague con su tarjeta guardada o con una nueva.',
    ],
    [
      '¿Qué ocurre si la renovación automática está activada?',
      'Su plan se renueva en la fecha de caducidad y el importe de la renovación se carga a su tarjeta guardada.',
    ],
    [
      '¿Cómo desactivo la renovación automática?',
      'Abra Mis suscripciones, elija Gestionar en el servicio y desactive la renovación automática.',
    ],
    [
      '¿Cuándo estará activo mi servicio renovado?',
      'La renovación se envía a su vehículo; siga las instrucciones de su pantalla para instalarla.',
    ],
    ['¿Puedo obtener un reembolso?', 'Sí, dentro del periodo de desistimiento que se muestra en Mis suscripciones.'],
    ['¿Qué métodos de pago puedo usar?', 'Tarjetas de crédito y débito Visa y Mastercard.'],
    ['¿Cómo puedo contactar con ustedes?', 'Use el formulario de contacto de la página Ayuda y soporte.'],
  ],
  pt: [
    [
      'Como renovo a minha navegação conectada?',
      'Escolha um plano na página de renovação e pague com o seu cartão guardado ou com um novo.',
    ],
    [
      'O que acontece quando a renovação automática está ativa?',
      'O seu plano renova-se na data de expiração e o valor da renovação é debitado no seu cartão guardado.',
    ],
    [
      'Como desativo a renovação automática?',
      'Abra As minhas subscrições, escolha Gerir no serviço e desative a renovação automática.',
    ],
    [
      'Quando fica ativo o meu serviço renovado?',
      'A renovação é enviada para o seu veículo; siga as instruções no ecrã para a instalar.',
    ],
    ['Posso obter um reembolso?', 'Sim, dentro do período de livre resolução indicado em As minhas subscrições.'],
    ['Que métodos de pagamento posso usar?', 'Cartões de crédito e de débito Visa e Mastercard.'],
    ['Como posso contactar-vos?', 'Use o formulário de contacto na página Ajuda e suporte.'],
  ],
  cs: [
    [
      'Jak prodloužím svou připojenou navigaci?',
      'Na stránce prodloužení zvolte tarif a zaplaťte uloženou nebo novou kartou.',
    ],
    [
      'Co se stane, když je zapnuto automatické prodloužení?',
      'Tarif se prodlouží k datu vypršení a poplatek za prodloužení se strhne z vaší uložené karty.',
    ],
    [
      'Jak vypnu automatické prodloužení?',
      'Otevřete Moje předplatné, u služby zvolte Spravovat a vypněte automatické prodloužení.',
    ],
    [
      'Kdy bude prodloužená služba aktivní?',
      'Prodloužení se odešle do vašeho vozidla; pro instalaci postupujte podle pokynů na jeho obrazovce.',
    ],
    ['Mohu získat peníze zpět?', 'Ano, ve lhůtě pro odstoupení uvedené v části Moje předplatné.'],
    ['Jaké platební metody mohu použít?', 'Kreditní a debetní karty Visa a Mastercard.'],
    ['Jak vás mohu kontaktovat?', 'Použijte kontaktní formulář na stránce Nápověda a podpora.'],
  ],
  nl: [
    [
      'Hoe verleng ik mijn verbonden navigatie?',
      'Kies een pakket op de verlengingspagina en betaal met uw opgeslagen kaart of een nieuwe.',
    ],
    [
      'Wat gebeurt er als automatisch verlengen aan staat?',
      'Uw pakket wordt op de vervaldatum verlengd en de kosten worden van uw opgeslagen kaart afgeschreven.',
    ],
    [
      'Hoe zet ik automatisch verlengen uit?',
      'Open Mijn abonnementen, kies Beheren bij de dienst en zet automatisch verlengen uit.',
    ],
    [
      'Wanneer is mijn verlengde dienst actief?',
      'De verlenging wordt naar uw voertuig gestuurd; volg de instructies op het scherm om haar te installeren.',
    ],
    ['Kan ik mijn geld terugkrijgen?', 'Ja, binnen de bedenktijd die in Mijn abonnementen wordt getoond.'],
    ['Welke betaalmethoden kan ik gebruiken?', 'Creditcards en debitcards van Visa en Mastercard.'],
    ['Hoe kan ik contact met u opnemen?', 'Gebruik het contactformulier op de pagina Hulp en ondersteuning.'],
  ],
};
