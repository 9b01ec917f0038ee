/** Italian content of the sandbox's content library (storefront §3 Content assets, FAQs). */
import { countriesBody, footerLinksBody, type ContentTranslation } from './types.ts';

export const IT: ContentTranslation = {
  renewalFaqsName: 'Domande frequenti sul rinnovo',
  assets: {
    Countries_List: {
      name: 'Paesi inclusi',
      body: countriesBody(
        [
          'Europa',
          'Austria,Belgio,Francia,Germania,Italia,Lussemburgo,Paesi Bassi,Portogallo,Regno Unito,Repubblica Ceca,Slovacchia,Spagna',
        ],
        ['Nord America', 'Canada,Stati Uniti'],
      ),
    },
    Footer_Links: {
      name: 'Link del piè di pagina',
      body: footerLinksBody([
        'Termini e condizioni',
        'Informativa sulla privacy',
        'Informativa sui cookie',
        'Domande frequenti',
        'Contattaci',
      ]),
    },
    Footer_Copyright: {
      name: 'Copyright del piè di pagina',
      body: '<p>&copy; {year} Aurora Automotive Ltd. Tutti i diritti riservati.</p>',
    },
    Need_any_Help: {
      name: 'Serve aiuto?',
      body: '<h3>Serve aiuto?</h3><p>Chiamaci al numero 0800 000 0000, dal lunedì al venerdì dalle 8 alle 20.</p><p><a href="https://www.example.com/contact">Contattaci</a> o leggi le nostre <a href="/faqs">domande frequenti</a>.</p>',
    },
    Need_Help_Content: {
      name: 'Assistenza',
      body: '<h2>Come possiamo aiutarti?</h2><p>Trova risposte su rinnovi, pagamenti e il tuo account nelle nostre domande frequenti, oppure parla con il nostro servizio clienti al numero 0800 000 0000 (dal lunedì al venerdì, dalle 8 alle 20).</p>',
    },
    Terms_Conditions: {
      name: 'Termini e condizioni di acquisto',
      body: '<h2>1. Ambito</h2><p>Questi termini si applicano ai servizi per veicoli connessi (funzioni da remoto e navigazione connessa) acquistati per un veicolo su questo sito.</p><h2>2. Contratto e prezzo</h2><p>Il contratto è concluso quando confermiamo il tuo ordine. I prezzi indicati includono l’IVA. Un abbonamento dura per il piano scelto e, se il rinnovo automatico è attivo, si rinnova alla scadenza finché non lo disdici nel tuo account.</p><h2>3. Diritto di recesso</h2><p>Puoi recedere entro 14 giorni dall’ordine e ricevere il rimborso del prezzo pagato; richiedilo in I miei abbonamenti.</p><h2>4. Attivazione</h2><p>Alcuni servizi richiedono un aggiornamento del veicolo, scaricato alla connessione successiva.</p><h2>5. Contatti</h2><p>Servizio clienti: 0800 000 0000, dal lunedì al venerdì dalle 8 alle 20.</p>',
    },
  },
  faqs: {
    'faq-renewal-when': [
      'Quando inizia il mio piano rinnovato?',
      '<p>Il piano rinnovato inizia il giorno in cui termina il piano attuale, quindi non perdi nemmeno un giorno di servizio.</p>',
    ],
    'faq-renewal-early': [
      'Posso rinnovare prima della scadenza del piano?',
      '<p>Sì. Puoi rinnovare in qualsiasi momento; il nuovo periodo si aggiunge alla fine del piano attuale.</p>',
    ],
    'faq-renewal-expired': [
      'Il mio piano è scaduto. Posso ancora rinnovarlo?',
      '<p>Sì. Rinnovando un piano scaduto, il servizio riparte dal giorno dell’acquisto.</p>',
    ],
    'faq-renewal-auto': [
      'Come funziona il rinnovo automatico?',
      '<p>Dove è offerto il rinnovo automatico, la carta salvata viene addebitata alla fine di ogni periodo. Puoi disattivarlo in qualsiasi momento in <strong>I miei abbonamenti</strong>.</p>',
    ],
    'faq-account-create': [
      'Come creo un account?',
      '<p>Scegli <strong>Accedi</strong>, poi <strong>Crea account</strong>, e segui i passaggi. Ti serve l’indirizzo e-mail collegato al tuo veicolo.</p>',
    ],
    'faq-account-email': [
      'Come cambio il mio indirizzo e-mail?',
      '<p>Apri <strong>Il mio account</strong>, scegli <strong>Modifica profilo</strong> e inserisci il nuovo indirizzo e-mail. Ti invieremo un link di conferma.</p>',
    ],
    'faq-account-password': [
      'Ho dimenticato la password. Cosa devo fare?',
      '<p>Nella pagina di accesso scegli <strong>Password dimenticata</strong>; ti invieremo via e-mail un link per impostarne una nuova.</p>',
    ],
    'faq-refund-how': [
      'Come richiedo un rimborso?',
      '<p>Apri <strong>I miei abbonamenti</strong>, scegli <strong>Gestisci</strong> e poi <strong>Richiedi rimborso</strong>. I rimborsi sono possibili entro il periodo di recesso di 14 giorni.</p>',
    ],
    'faq-refund-time': [
      'Quanto tempo richiede un rimborso?',
      '<p>I rimborsi arrivano sulla carta o sul conto bancario entro 5-10 giorni lavorativi.</p>',
    ],
    'faq-cancel': [
      'Come disdico il mio abbonamento?',
      '<p>Disattiva il rinnovo automatico in <strong>I miei abbonamenti</strong>. Il servizio resta attivo fino alla fine del periodo pagato.</p>',
    ],
    'faq-cs-what': [
      'Cosa sono i servizi connessi?',
      '<p>I servizi connessi portano nel tuo veicolo traffico in tempo reale, ricerca online, aggiornamenti delle mappe e funzioni da remoto tramite la connessione integrata.</p>',
    ],
    'faq-cs-countries': [
      'In quali paesi funziona la Navigazione connessa?',
      '<p>La Navigazione connessa funziona in tutti i paesi del tuo piano; l’elenco dei paesi è nella pagina del prodotto.</p>',
    ],
    'faq-cs-activate': [
      'Quanto tempo richiede l’attivazione?',
      '<p>Di solito i servizi sono attivi pochi minuti dopo l’acquisto. Avvia il veicolo per ricevere l’aggiornamento.</p>',
    ],
    'faq-payment-methods': [
      'Quali metodi di pagamento posso usare?',
      '<p>Accettiamo Visa, Mastercard e American Express e, in alcuni paesi, iDEAL o Bancontact.</p>',
    ],
    'faq-payment-card': [
      'Come cambio la carta salvata?',
      '<p>Apri <strong>Il mio metodo di pagamento</strong> nel tuo account e aggiungi una nuova carta; sostituisce quella precedente.</p>',
    ],
    'faq-payment-declined': [
      'Perché il mio pagamento è stato rifiutato?',
      '<p>La tua banca potrebbe aver rifiutato il pagamento. Controlla i dati e il limite della carta o prova con un’altra carta.</p>',
    ],
    'faq-contact-how': [
      'Come contatto il servizio clienti?',
      '<p>Chiamaci al numero 0800 000 0000, dal lunedì al venerdì dalle 8 alle 20, oppure usa il modulo di contatto.</p>',
    ],
    'faq-contact-hours': [
      'Quando è aperto il servizio clienti?',
      '<p>Dal lunedì al venerdì dalle 8 alle 20 e il sabato dalle 9 alle 13, esclusi i giorni festivi.</p>',
    ],
    'faq-contact-dealer': [
      'Il mio concessionario può aiutarmi?',
      '<p>Sì. Il concessionario può aiutarti con le domande sul veicolo; per abbonamenti e pagamenti contatta il servizio clienti.</p>',
    ],
  },
};
