/** German content of the sandbox's content library (storefront §3 Content assets, FAQs). */
import { countriesBody, footerLinksBody, type ContentTranslation } from './types.ts';

export const DE: ContentTranslation = {
  renewalFaqsName: 'Häufige Fragen zur Verlängerung',
  assets: {
    Countries_List: {
      name: 'Enthaltene Länder',
      body: countriesBody(
        [
          'Europa',
          'Belgien,Deutschland,Frankreich,Italien,Luxemburg,Niederlande,Österreich,Portugal,Slowakei,Spanien,Tschechische Republik,Vereinigtes Königreich',
        ],
        ['Nordamerika', 'Kanada,Vereinigte Staaten'],
      ),
    },
    Footer_Links: {
      name: 'Links in der Fußzeile',
      body: footerLinksBody(['AGB', 'Datenschutzerklärung', 'Cookie-Richtlinie', 'Häufige Fragen', 'Kontakt']),
    },
    Footer_Copyright: {
      name: 'Copyright in der Fußzeile',
      body: '<p>&copy; {year} Aurora Automotive Ltd. Alle Rechte vorbehalten.</p>',
    },
    Need_any_Help: {
      name: 'Brauchen Sie Hilfe?',
      body: '<h3>Brauchen Sie Hilfe?</h3><p>Rufen Sie uns an unter 0800 000 0000, Montag bis Freitag von 8 bis 20 Uhr.</p><p><a href="https://www.example.com/contact">Kontaktieren Sie uns</a> oder lesen Sie unsere <a href="/faqs">häufigen Fragen</a>.</p>',
    },
    Need_Help_Content: {
      name: 'Hilfe',
      body: '<h2>Wie können wir helfen?</h2><p>Antworten zu Verlängerungen, Zahlungen und Ihrem Konto finden Sie in unseren häufigen Fragen. Oder sprechen Sie mit unserem Kundenservice unter 0800 000 0000 (Montag bis Freitag, 8 bis 20 Uhr).</p>',
    },
    Terms_Conditions: {
      name: 'Allgemeine Geschäftsbedingungen',
      body: '<h2>1. Geltungsbereich</h2><p>Diese Bedingungen gelten für vernetzte Fahrzeugdienste (Over-the-Air-Funktionen und vernetzte Navigation), die auf dieser Website für ein Fahrzeug gekauft werden.</p><h2>2. Vertrag und Preis</h2><p>Der Vertrag kommt zustande, wenn wir Ihre Bestellung bestätigen. Die angezeigten Preise enthalten die Mehrwertsteuer. Ein Abonnement läuft für den gewählten Tarif und verlängert sich, wenn die automatische Verlängerung aktiviert ist, an seinem Ende, bis Sie es in Ihrem Konto kündigen.</p><h2>3. Widerrufsrecht</h2><p>Sie können innerhalb von 14 Tagen nach der Bestellung widerrufen und erhalten den gezahlten Preis zurück; beantragen Sie dies unter Meine Abonnements.</p><h2>4. Aktivierung</h2><p>Einige Dienste benötigen ein Update im Fahrzeug, das bei der nächsten Verbindung heruntergeladen wird.</p><h2>5. Kontakt</h2><p>Kundenservice: 0800 000 0000, Montag bis Freitag von 8 bis 20 Uhr.</p>',
    },
  },
  faqs: {
    'faq-renewal-when': [
      'Wann beginnt mein verlängerter Tarif?',
      '<p>Ihr verlängerter Tarif beginnt an dem Tag, an dem Ihr aktueller Tarif endet. So verlieren Sie keinen Tag Service.</p>',
    ],
    'faq-renewal-early': [
      'Kann ich vor Ablauf meines Tarifs verlängern?',
      '<p>Ja. Sie können jederzeit verlängern; die neue Laufzeit wird an das Ende Ihres aktuellen Tarifs angehängt.</p>',
    ],
    'faq-renewal-expired': [
      'Mein Tarif ist abgelaufen. Kann ich trotzdem verlängern?',
      '<p>Ja. Wenn Sie einen abgelaufenen Tarif verlängern, startet der Dienst ab dem Kaufdatum neu.</p>',
    ],
    'faq-renewal-auto': [
      'Wie funktioniert die automatische Verlängerung?',
      '<p>Wo die automatische Verlängerung angeboten wird, wird Ihre gespeicherte Karte am Ende jeder Laufzeit belastet. Sie können sie jederzeit unter <strong>Meine Abonnements</strong> ausschalten.</p>',
    ],
    'faq-account-create': [
      'Wie erstelle ich ein Konto?',
      '<p>Wählen Sie <strong>Anmelden</strong>, dann <strong>Konto erstellen</strong>, und folgen Sie den Schritten. Sie benötigen die E-Mail-Adresse, die mit Ihrem Fahrzeug verknüpft ist.</p>',
    ],
    'faq-account-email': [
      'Wie ändere ich meine E-Mail-Adresse?',
      '<p>Öffnen Sie <strong>Mein Konto</strong>, wählen Sie <strong>Profil bearbeiten</strong> und geben Sie Ihre neue E-Mail-Adresse ein. Wir senden Ihnen einen Bestätigungslink an diese Adresse.</p>',
    ],
    'faq-account-password': [
      'Ich habe mein Passwort vergessen. Was soll ich tun?',
      '<p>Wählen Sie auf der Anmeldeseite <strong>Passwort vergessen</strong>; wir senden Ihnen per E-Mail einen Link, mit dem Sie ein neues festlegen.</p>',
    ],
    'faq-refund-how': [
      'Wie beantrage ich eine Rückerstattung?',
      '<p>Öffnen Sie <strong>Meine Abonnements</strong>, wählen Sie <strong>Verwalten</strong> und dann <strong>Rückerstattung beantragen</strong>. Rückerstattungen sind innerhalb der 14-tägigen Widerrufsfrist möglich.</p>',
    ],
    'faq-refund-time': [
      'Wie lange dauert eine Rückerstattung?',
      '<p>Rückerstattungen erreichen Ihre Karte oder Ihr Bankkonto innerhalb von 5 bis 10 Werktagen.</p>',
    ],
    'faq-cancel': [
      'Wie kündige ich mein Abonnement?',
      '<p>Schalten Sie die automatische Verlängerung unter <strong>Meine Abonnements</strong> aus. Ihr Dienst bleibt bis zum Ende der bezahlten Laufzeit aktiv.</p>',
    ],
    'faq-cs-what': [
      'Was sind vernetzte Dienste?',
      '<p>Vernetzte Dienste bringen Verkehrsinformationen in Echtzeit, Online-Suche, Kartenupdates und Fernfunktionen über die eingebaute Verbindung in Ihr Fahrzeug.</p>',
    ],
    'faq-cs-countries': [
      'In welchen Ländern funktioniert die Vernetzte Navigation?',
      '<p>Die Vernetzte Navigation funktioniert in allen Ländern Ihres Tarifs; die Liste der Länder finden Sie auf der Produktseite.</p>',
    ],
    'faq-cs-activate': [
      'Wie lange dauert die Aktivierung?',
      '<p>Die Dienste sind in der Regel wenige Minuten nach dem Kauf aktiv. Starten Sie Ihr Fahrzeug, um das Update zu erhalten.</p>',
    ],
    'faq-payment-methods': [
      'Welche Zahlungsarten kann ich nutzen?',
      '<p>Wir akzeptieren Visa, Mastercard und American Express sowie in einigen Ländern iDEAL oder Bancontact.</p>',
    ],
    'faq-payment-card': [
      'Wie ändere ich meine gespeicherte Karte?',
      '<p>Öffnen Sie <strong>Meine Zahlungsmethode</strong> in Ihrem Konto und fügen Sie eine neue Karte hinzu; sie ersetzt die bisherige.</p>',
    ],
    'faq-payment-declined': [
      'Warum wurde meine Zahlung abgelehnt?',
      '<p>Ihre Bank hat die Zahlung möglicherweise abgelehnt. Prüfen Sie die Kartendaten und Ihr Kartenlimit oder verwenden Sie eine andere Karte.</p>',
    ],
    'faq-contact-how': [
      'Wie erreiche ich den Kundenservice?',
      '<p>Rufen Sie uns unter 0800 000 0000 an, Montag bis Freitag von 8 bis 20 Uhr, oder nutzen Sie das Kontaktformular.</p>',
    ],
    'faq-contact-hours': [
      'Wann ist der Kundenservice erreichbar?',
      '<p>Montag bis Freitag von 8 bis 20 Uhr und samstags von 9 bis 13 Uhr, außer an Feiertagen.</p>',
    ],
    'faq-contact-dealer': [
      'Kann mir mein Händler helfen?',
      '<p>Ja. Ihr Händler hilft bei Fragen zum Fahrzeug; bei Fragen zu Abonnements und Zahlungen wenden Sie sich bitte an den Kundenservice.</p>',
    ],
  },
};
