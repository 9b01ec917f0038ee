/** French content of the sandbox's content library (storefront §3 Content assets, FAQs). */
import { countriesBody, footerLinksBody, type ContentTranslation } from './types.ts';

export const FR: ContentTranslation = {
  renewalFaqsName: 'Questions fréquentes sur le renouvellement',
  assets: {
    Countries_List: {
      name: 'Pays inclus',
      body: countriesBody(
        [
          'Europe',
          'Allemagne,Autriche,Belgique,Espagne,France,Italie,Luxembourg,Pays-Bas,Portugal,République tchèque,Royaume-Uni,Slovaquie',
        ],
        ['Amérique du Nord', 'Canada,États-Unis'],
      ),
    },
    Footer_Links: {
      name: 'Liens du pied de page',
      body: footerLinksBody([
        'Conditions générales',
        'Politique de confidentialité',
        'Politique relative aux cookies',
        'Questions fréquentes',
        'Nous contacter',
      ]),
    },
    Footer_Copyright: {
      name: 'Copyright du pied de page',
      body: '<p>&copy; {year} Aurora Automotive Ltd. Tous droits réservés.</p>',
    },
    Need_any_Help: {
      name: 'Besoin d’aide ?',
      body: '<h3>Besoin d’aide ?</h3><p>Appelez-nous au 0800 000 0000, du lundi au vendredi de 8 h à 20 h.</p><p><a href="https://www.example.com/contact">Contactez-nous</a> ou consultez nos <a href="/faqs">questions fréquentes</a>.</p>',
    },
    Need_Help_Content: {
      name: 'Aide',
      body: '<h2>Comment pouvons-nous vous aider ?</h2><p>Trouvez des réponses sur les renouvellements, les paiements et votre compte dans nos questions fréquentes, ou parlez à notre service client au 0800 000 0000 (du lundi au vendredi, de 8 h à 20 h).</p>',
    },
    Terms_Conditions: {
      name: 'Conditions générales de vente',
      body: '<h2>1. Champ d’application</h2><p>Les présentes conditions s’appliquent aux services de véhicule connecté (fonctions à distance et navigation connectée) achetés pour un véhicule sur ce site.</p><h2>2. Contrat et prix</h2><p>Le contrat est conclu lorsque nous confirmons votre commande. Les prix affichés incluent la TVA. Un abonnement court pour la formule choisie et, si le renouvellement automatique est activé, se renouvelle à son terme jusqu’à ce que vous le résiliiez dans votre compte.</p><h2>3. Droit de rétractation</h2><p>Vous pouvez vous rétracter dans les 14 jours suivant la commande et obtenir le remboursement du prix payé ; demandez-le sous Mes abonnements.</p><h2>4. Activation</h2><p>Certains services nécessitent une mise à jour du véhicule, téléchargée lors de sa prochaine connexion.</p><h2>5. Contact</h2><p>Service client : 0800 000 0000, du lundi au vendredi de 8 h à 20 h.</p>',
    },
  },
  faqs: {
    'faq-renewal-when': [
      'Quand ma formule renouvelée commence-t-elle ?',
      '<p>Votre formule renouvelée commence le jour où votre formule actuelle prend fin : vous ne perdez aucun jour de service.</p>',
    ],
    'faq-renewal-early': [
      'Puis-je renouveler avant l’expiration de ma formule ?',
      '<p>Oui. Vous pouvez renouveler à tout moment ; la nouvelle période s’ajoute à la fin de votre formule actuelle.</p>',
    ],
    'faq-renewal-expired': [
      'Ma formule a expiré. Puis-je encore la renouveler ?',
      '<p>Oui. Le renouvellement d’une formule expirée relance le service à partir du jour de l’achat.</p>',
    ],
    'faq-renewal-auto': [
      'Comment fonctionne le renouvellement automatique ?',
      '<p>Là où le renouvellement automatique est proposé, votre carte enregistrée est débitée à la fin de chaque période. Vous pouvez le désactiver à tout moment dans <strong>Mes abonnements</strong>.</p>',
    ],
    'faq-account-create': [
      'Comment créer un compte ?',
      '<p>Choisissez <strong>Se connecter</strong>, puis <strong>Créer un compte</strong>, et suivez les étapes. Il vous faut l’adresse e-mail associée à votre véhicule.</p>',
    ],
    'faq-account-email': [
      'Comment modifier mon adresse e-mail ?',
      '<p>Ouvrez <strong>Mon compte</strong>, choisissez <strong>Modifier le profil</strong> et saisissez votre nouvelle adresse e-mail. Nous y envoyons un lien de confirmation.</p>',
    ],
    'faq-account-password': [
      'J’ai oublié mon mot de passe. Que faire ?',
      '<p>Sur la page de connexion, choisissez <strong>Mot de passe oublié</strong> ; nous vous envoyons par e-mail un lien pour en définir un nouveau.</p>',
    ],
    'faq-refund-how': [
      'Comment demander un remboursement ?',
      '<p>Ouvrez <strong>Mes abonnements</strong>, choisissez <strong>Gérer</strong> puis <strong>Demander un remboursement</strong>. Les remboursements sont possibles pendant le délai de rétractation de 14 jours.</p>',
    ],
    'faq-refund-time': [
      'Combien de temps prend un remboursement ?',
      '<p>Les remboursements arrivent sur votre carte ou votre compte bancaire sous 5 à 10 jours ouvrés.</p>',
    ],
    'faq-cancel': [
      'Comment résilier mon abonnement ?',
      '<p>Désactivez le renouvellement automatique dans <strong>Mes abonnements</strong>. Votre service reste actif jusqu’à la fin de la période payée.</p>',
    ],
    'faq-cs-what': [
      'Que sont les services connectés ?',
      '<p>Les services connectés apportent à votre véhicule l’info trafic en temps réel, la recherche en ligne, les mises à jour de cartes et des fonctions à distance grâce à sa connexion intégrée.</p>',
    ],
    'faq-cs-countries': [
      'Dans quels pays la Navigation connectée fonctionne-t-elle ?',
      '<p>La Navigation connectée fonctionne dans tous les pays de votre formule ; la liste des pays figure sur la page du produit.</p>',
    ],
    'faq-cs-activate': [
      'Combien de temps prend l’activation ?',
      '<p>Les services sont généralement actifs quelques minutes après l’achat. Démarrez votre véhicule pour recevoir la mise à jour.</p>',
    ],
    'faq-payment-methods': [
      'Quels moyens de paiement puis-je utiliser ?',
      '<p>Nous acceptons Visa, Mastercard et American Express et, dans certains pays, iDEAL ou Bancontact.</p>',
    ],
    'faq-payment-card': [
      'Comment changer ma carte enregistrée ?',
      '<p>Ouvrez <strong>Mon moyen de paiement</strong> dans votre compte et ajoutez une nouvelle carte ; elle remplace la précédente.</p>',
    ],
    'faq-payment-declined': [
      'Pourquoi mon paiement a-t-il été refusé ?',
      '<p>Votre banque a peut-être refusé le paiement. Vérifiez les données de la carte et son plafond, ou essayez une autre carte.</p>',
    ],
    'faq-contact-how': [
      'Comment contacter le service client ?',
      '<p>Appelez-nous au 0800 000 0000, du lundi au vendredi de 8 h à 20 h, ou utilisez le formulaire de contact.</p>',
    ],
    'faq-contact-hours': [
      'Quand le service client est-il ouvert ?',
      '<p>Du lundi au vendredi de 8 h à 20 h et le samedi de 9 h à 13 h, sauf jours fériés.</p>',
    ],
    'faq-contact-dealer': [
      'Mon concessionnaire peut-il m’aider ?',
      '<p>Oui. Votre concessionnaire peut répondre aux questions sur le véhicule ; pour les abonnements et les paiements, contactez le service client.</p>',
    ],
  },
};
