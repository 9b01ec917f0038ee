/** Czech content of the sandbox's content library (storefront §3 Content assets, FAQs). */
import { countriesBody, footerLinksBody, type ContentTranslation } from './types.ts';

export const CS: ContentTranslation = {
  renewalFaqsName: 'Časté dotazy k prodloužení',
  assets: {
    Countries_List: {
      name: 'Zahrnuté země',
      body: countriesBody(
        [
          'Evropa',
          'Belgie,Česká republika,Francie,Itálie,Lucembursko,Německo,Nizozemsko,Portugalsko,Rakousko,Slovensko,Spojené království,Španělsko',
        ],
        ['Severní Amerika', 'Kanada,Spojené státy'],
      ),
    },
    Footer_Links: {
      name: 'Odkazy v zápatí',
      body: footerLinksBody([
        'Obchodní podmínky',
        'Zásady ochrany osobních údajů',
        'Zásady používání souborů cookie',
        'Časté dotazy',
        'Kontaktujte nás',
      ]),
    },
    Footer_Copyright: {
      name: 'Autorská práva v zápatí',
      body: '<p>&copy; {year} Aurora Automotive Ltd. Všechna práva vyhrazena.</p>',
    },
    Need_any_Help: {
      name: 'Potřebujete pomoc?',
      body: '<h3>Potřebujete pomoc?</h3><p>Zavolejte nám na číslo 0800 000 0000, od pondělí do pátku od 8 do 20 hodin.</p><p><a href="https://www.example.com/contact">Kontaktujte nás</a> nebo si přečtěte naše <a href="/faqs">časté dotazy</a>.</p>',
    },
    Need_Help_Content: {
      name: 'Nápověda',
      body: '<h2>Jak vám můžeme pomoci?</h2><p>Odpovědi o prodloužení, platbách a vašem účtu najdete v našich častých dotazech, nebo se obraťte na náš zákaznický servis na čísle 0800 000 0000 (od pondělí do pátku od 8 do 20 hodin).</p>',
    },
    Terms_Conditions: {
      name: 'Obchodní podmínky nákupu',
      body: '<h2>1. Rozsah</h2><p>Tyto podmínky platí pro služby propojeného vozidla (funkce na dálku a propojenou navigaci) zakoupené pro jedno vozidlo na tomto webu.</p><h2>2. Smlouva a cena</h2><p>Smlouva vzniká potvrzením vaší objednávky. Uvedené ceny zahrnují DPH. Předplatné trvá po dobu zvoleného tarifu, a je-li zapnuto automatické prodloužení, na jeho konci se prodlouží, dokud je ve svém účtu nezrušíte.</p><h2>3. Právo na odstoupení</h2><p>Od smlouvy můžete odstoupit do 14 dnů od objednávky a získat zpět zaplacenou cenu; požádejte o to v části Moje předplatné.</p><h2>4. Aktivace</h2><p>Některé služby vyžadují aktualizaci ve vozidle, která se stáhne při jeho příštím připojení.</p><h2>5. Kontakt</h2><p>Zákaznický servis: 0800 000 0000, od pondělí do pátku od 8 do 20 hodin.</p>',
    },
  },
  faqs: {
    'faq-renewal-when': [
      'Kdy začíná můj prodloužený tarif?',
      '<p>Prodloužený tarif začíná dnem, kdy končí váš současný tarif, takže nepřijdete ani o den služby.</p>',
    ],
    'faq-renewal-early': [
      'Mohu tarif prodloužit ještě před jeho vypršením?',
      '<p>Ano. Prodloužit můžete kdykoli; nové období se připojí na konec vašeho současného tarifu.</p>',
    ],
    'faq-renewal-expired': [
      'Můj tarif vypršel. Mohu ho ještě prodloužit?',
      '<p>Ano. Prodloužením vypršelého tarifu se služba znovu spustí ode dne nákupu.</p>',
    ],
    'faq-renewal-auto': [
      'Jak funguje automatické prodloužení?',
      '<p>Tam, kde je automatické prodloužení nabízeno, se na konci každého období strhne platba z vaší uložené karty. Kdykoli je můžete vypnout v části <strong>Moje předplatné</strong>.</p>',
    ],
    'faq-account-create': [
      'Jak si vytvořím účet?',
      '<p>Zvolte <strong>Přihlásit se</strong>, poté <strong>Vytvořit účet</strong> a postupujte podle pokynů. Potřebujete e-mailovou adresu propojenou s vaším vozidlem.</p>',
    ],
    'faq-account-email': [
      'Jak změním svou e-mailovou adresu?',
      '<p>Otevřete <strong>Můj účet</strong>, zvolte <strong>Upravit profil</strong> a zadejte novou e-mailovou adresu. Pošleme na ni potvrzovací odkaz.</p>',
    ],
    'faq-account-password': [
      'Zapomněl(a) jsem heslo. Co mám dělat?',
      '<p>Na přihlašovací stránce zvolte <strong>Zapomenuté heslo</strong>; e-mailem vám pošleme odkaz pro nastavení nového.</p>',
    ],
    'faq-refund-how': [
      'Jak požádám o vrácení peněz?',
      '<p>Otevřete <strong>Moje předplatné</strong>, zvolte <strong>Spravovat</strong> a poté <strong>Požádat o vrácení peněz</strong>. Vrácení je možné během 14denní lhůty pro odstoupení.</p>',
    ],
    'faq-refund-time': [
      'Jak dlouho trvá vrácení peněz?',
      '<p>Peníze dorazí na vaši kartu nebo bankovní účet do 5 až 10 pracovních dnů.</p>',
    ],
    'faq-cancel': [
      'Jak zruším své předplatné?',
      '<p>Vypněte automatické prodloužení v části <strong>Moje předplatné</strong>. Služba zůstane aktivní do konce zaplaceného období.</p>',
    ],
    'faq-cs-what': [
      'Co jsou propojené služby?',
      '<p>Propojené služby přinášejí do vašeho vozidla dopravní informace v reálném čase, online vyhledávání, aktualizace map a funkce na dálku prostřednictvím vestavěného připojení.</p>',
    ],
    'faq-cs-countries': [
      'Ve kterých zemích funguje Připojená navigace?',
      '<p>Připojená navigace funguje ve všech zemích vašeho tarifu; seznam zemí najdete na stránce produktu.</p>',
    ],
    'faq-cs-activate': [
      'Jak dlouho trvá aktivace?',
      '<p>Služby jsou obvykle aktivní během několika minut po nákupu. Nastartujte vozidlo, aby přijalo aktualizaci.</p>',
    ],
    'faq-payment-methods': [
      'Jaké platební metody mohu použít?',
      '<p>Přijímáme karty Visa, Mastercard a American Express a v některých zemích iDEAL nebo Bancontact.</p>',
    ],
    'faq-payment-card': [
      'Jak změním uloženou kartu?',
      '<p>Otevřete ve svém účtu <strong>Můj platební prostředek</strong> a přidejte novou kartu; nahradí tu předchozí.</p>',
    ],
    'faq-payment-declined': [
      'Proč byla moje platba zamítnuta?',
      '<p>Platbu mohla zamítnout vaše banka. Zkontrolujte údaje a limit karty, nebo zkuste jinou kartu.</p>',
    ],
    'faq-contact-how': [
      'Jak kontaktuji zákaznický servis?',
      '<p>Zavolejte nám na číslo 0800 000 0000, od pondělí do pátku od 8 do 20 hodin, nebo použijte kontaktní formulář.</p>',
    ],
    'faq-contact-hours': [
      'Kdy je zákaznický servis k dispozici?',
      '<p>Od pondělí do pátku od 8 do 20 hodin a v sobotu od 9 do 13 hodin, kromě svátků.</p>',
    ],
    'faq-contact-dealer': [
      'Může mi pomoci můj prodejce?',
      '<p>Ano. Prodejce vám pomůže s dotazy k vozidlu; s předplatným a platbami se prosím obraťte na zákaznický servis.</p>',
    ],
  },
};
