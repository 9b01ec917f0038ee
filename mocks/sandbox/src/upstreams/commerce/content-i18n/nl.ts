/** Dutch content of the sandbox's content library (storefront §3 Content assets, FAQs). */
import { countriesBody, footerLinksBody, type ContentTranslation } from './types.ts';

export const NL: ContentTranslation = {
  renewalFaqsName: 'Veelgestelde vragen over verlengen',
  assets: {
    Countries_List: {
      name: 'Inbegrepen landen',
      body: countriesBody(
        [
          'Europa',
          'België,Duitsland,Frankrijk,Italië,Luxemburg,Nederland,Oostenrijk,Portugal,Slowakije,Spanje,Tsjechië,Verenigd Koninkrijk',
        ],
        ['Noord-Amerika', 'Canada,Verenigde Staten'],
      ),
    },
    Footer_Links: {
      name: 'Links in de voettekst',
      body: footerLinksBody([
        'Algemene voorwaarden',
        'Privacybeleid',
        'Cookiebeleid',
        'Veelgestelde vragen',
        'Contact',
      ]),
    },
    Footer_Copyright: {
      name: 'Copyright in de voettekst',
      body: '<p>&copy; {year} Aurora Automotive Ltd. Alle rechten voorbehouden.</p>',
    },
    Need_any_Help: {
      name: 'Hulp nodig?',
      body: '<h3>Hulp nodig?</h3><p>Bel ons op 0800 000 0000, maandag tot en met vrijdag van 8.00 tot 20.00 uur.</p><p><a href="https://www.example.com/contact">Neem contact op</a> of lees onze <a href="/faqs">veelgestelde vragen</a>.</p>',
    },
    Need_Help_Content: {
      name: 'Hulp',
      body: '<h2>Hoe kunnen we helpen?</h2><p>Vind antwoorden over verlengingen, betalingen en uw account in onze veelgestelde vragen, of spreek met onze klantenservice via 0800 000 0000 (maandag tot en met vrijdag, 8.00 tot 20.00 uur).</p>',
    },
    Terms_Conditions: {
      name: 'Algemene verkoopvoorwaarden',
      body: '<h2>1. Toepassingsgebied</h2><p>Deze voorwaarden gelden voor diensten voor verbonden voertuigen (functies op afstand en verbonden navigatie) die op deze website voor één voertuig zijn gekocht.</p><h2>2. Overeenkomst en prijs</h2><p>De overeenkomst komt tot stand wanneer wij uw bestelling bevestigen. De getoonde prijzen zijn inclusief btw. Een abonnement loopt voor het gekozen pakket en wordt, als automatisch verlengen aan staat, aan het einde verlengd totdat u het in uw account opzegt.</p><h2>3. Herroepingsrecht</h2><p>U kunt binnen 14 dagen na de bestelling herroepen en krijgt de betaalde prijs terug; vraag dit aan onder Mijn abonnementen.</p><h2>4. Activering</h2><p>Sommige diensten hebben een update in het voertuig nodig, die bij de volgende verbinding wordt gedownload.</p><h2>5. Contact</h2><p>Klantenservice: 0800 000 0000, maandag tot en met vrijdag van 8.00 tot 20.00 uur.</p>',
    },
  },
  faqs: {
    'faq-renewal-when': [
      'Wanneer begint mijn verlengde pakket?',
      '<p>Uw verlengde pakket begint op de dag dat uw huidige pakket afloopt, zodat u geen dag dienst mist.</p>',
    ],
    'faq-renewal-early': [
      'Kan ik verlengen voordat mijn pakket afloopt?',
      '<p>Ja. U kunt op elk moment verlengen; de nieuwe periode wordt achter uw huidige pakket toegevoegd.</p>',
    ],
    'faq-renewal-expired': [
      'Mijn pakket is verlopen. Kan ik nog verlengen?',
      '<p>Ja. Als u een verlopen pakket verlengt, start de dienst opnieuw vanaf de dag van aankoop.</p>',
    ],
    'faq-renewal-auto': [
      'Hoe werkt automatisch verlengen?',
      '<p>Waar automatisch verlengen wordt aangeboden, wordt uw opgeslagen kaart aan het einde van elke periode belast. U kunt het op elk moment uitzetten in <strong>Mijn abonnementen</strong>.</p>',
    ],
    'faq-account-create': [
      'Hoe maak ik een account aan?',
      '<p>Kies <strong>Inloggen</strong>, daarna <strong>Account aanmaken</strong>, en volg de stappen. U hebt het e-mailadres nodig dat aan uw voertuig is gekoppeld.</p>',
    ],
    'faq-account-email': [
      'Hoe wijzig ik mijn e-mailadres?',
      '<p>Open <strong>Mijn account</strong>, kies <strong>Profiel bewerken</strong> en vul uw nieuwe e-mailadres in. We sturen er een bevestigingslink naartoe.</p>',
    ],
    'faq-account-password': [
      'Ik ben mijn wachtwoord vergeten. Wat moet ik doen?',
      '<p>Kies op de inlogpagina <strong>Wachtwoord vergeten</strong>; we mailen u een link om een nieuw wachtwoord in te stellen.</p>',
    ],
    'faq-refund-how': [
      'Hoe vraag ik een terugbetaling aan?',
      '<p>Open <strong>Mijn abonnementen</strong>, kies <strong>Beheren</strong> en daarna <strong>Terugbetaling aanvragen</strong>. Terugbetalen kan binnen de bedenktijd van 14 dagen.</p>',
    ],
    'faq-refund-time': [
      'Hoe lang duurt een terugbetaling?',
      '<p>Terugbetalingen staan binnen 5 tot 10 werkdagen op uw kaart of bankrekening.</p>',
    ],
    'faq-cancel': [
      'Hoe zeg ik mijn abonnement op?',
      '<p>Zet automatisch verlengen uit in <strong>Mijn abonnementen</strong>. Uw dienst blijft actief tot het einde van de betaalde periode.</p>',
    ],
    'faq-cs-what': [
      'Wat zijn verbonden diensten?',
      '<p>Verbonden diensten brengen actuele verkeersinformatie, online zoeken, kaartupdates en functies op afstand naar uw voertuig via de ingebouwde verbinding.</p>',
    ],
    'faq-cs-countries': [
      'In welke landen werkt Verbonden navigatie?',
      '<p>Verbonden navigatie werkt in alle landen van uw pakket; de lijst met landen staat op de productpagina.</p>',
    ],
    'faq-cs-activate': [
      'Hoe lang duurt de activering?',
      '<p>Diensten zijn meestal binnen enkele minuten na aankoop actief. Start uw voertuig om de update te ontvangen.</p>',
    ],
    'faq-payment-methods': [
      'Welke betaalmethoden kan ik gebruiken?',
      '<p>We accepteren Visa, Mastercard en American Express, en in sommige landen iDEAL of Bancontact.</p>',
    ],
    'faq-payment-card': [
      'Hoe wijzig ik mijn opgeslagen kaart?',
      '<p>Open <strong>Mijn betaalmethode</strong> in uw account en voeg een nieuwe kaart toe; die vervangt de vorige.</p>',
    ],
    'faq-payment-declined': [
      'Waarom is mijn betaling geweigerd?',
      '<p>Uw bank heeft de betaling mogelijk geweigerd. Controleer de kaartgegevens en uw kaartlimiet, of probeer een andere kaart.</p>',
    ],
    'faq-contact-how': [
      'Hoe neem ik contact op met de klantenservice?',
      '<p>Bel ons op 0800 000 0000, maandag tot en met vrijdag van 8.00 tot 20.00 uur, of gebruik het contactformulier.</p>',
    ],
    'faq-contact-hours': [
      'Wanneer is de klantenservice open?',
      '<p>Maandag tot en met vrijdag van 8.00 tot 20.00 uur en zaterdag van 9.00 tot 13.00 uur, behalve op feestdagen.</p>',
    ],
    'faq-contact-dealer': [
      'Kan mijn dealer mij helpen?',
      '<p>Ja. Uw dealer helpt bij vragen over het voertuig; voor abonnementen en betalingen neemt u contact op met de klantenservice.</p>',
    ],
  },
};
